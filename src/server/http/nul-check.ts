// PostgreSQL text (and jsonb) cannot hold the NUL character: a search term, a group name, an
// upgrade description or any other string with one made the statement fail, and the request
// answered 500. One check for every route instead of one per field: every string of the path
// parameters, the body and the query string (and every key of the body's objects) is looked at
// before anything reads them, and a NUL is a 400 naming the field the way the error handler names
// a schema's (`name`, `orgIds.3`, or the part itself).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidError } from '../errors';

type Part = 'params' | 'body' | 'querystring';
type Path = (string | number)[];

/** A step of the walk: the node and how it was reached (a linked path, so nothing is copied). */
interface Step {
  readonly value: unknown;
  readonly key: string | number | undefined;
  readonly parent: Step | undefined;
}

function pathOf(step: Step): Path {
  const path: Path = [];
  for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** The path of the first string (or object key) in `value` that holds a NUL, or undefined. */
export function nulPath(value: unknown): { path: Path; inKey: boolean } | undefined {
  // Depth-first with an explicit stack: a client may send JSON nested thousands deep.
  const stack: Step[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const node = step.value;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return { path: pathOf(step), inKey: false };
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        stack.push({ value: node[i], key: i, parent: step });
      }
    } else if (typeof node === 'object' && node !== null) {
      const entries = Object.entries(node as Record<string, unknown>);
      if (entries.some(([key]) => key.includes('\u0000'))) {
        return { path: pathOf(step), inKey: true };
      }
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        stack.push({ value: item, key, parent: step });
      }
    }
  }
  return undefined;
}

function check(part: Part, value: unknown): void {
  const found = nulPath(value);
  if (!found) return;
  const field = found.path.length > 0 ? found.path.join('.') : part;
  const what = found.inKey ? 'a field name in it must' : 'must';
  throw new InvalidError(`${field}: ${what} not contain a NUL character`, field);
}

/**
 * Registers the check as the first preValidation hook: after the session and CSRF checks
 * (onRequest) and after the body is parsed, before any route's own preValidation (which may
 * audit a path parameter) and before the schemas. Parts in Fastify's order of validation.
 */
export function registerNulCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    check('params', request.params);
    check('body', request.body);
    check('querystring', request.query);
  });
}
