// A small path router: patterns like '/services/data/:version/sobjects/:type/:id', matched in order.
// A path that matches with another method answers 405, as Salesforce does.
import { methodNotAllowed, notFound } from './respond';

export type Params = Record<string, string>;

interface Route<C> {
  readonly method: string;
  readonly pattern: RegExp;
  readonly keys: readonly string[];
  readonly handler: (ctx: C, params: Params) => Promise<void> | void;
}

export class Router<C> {
  private readonly routes: Route<C>[] = [];

  add(
    method: string,
    path: string,
    handler: (ctx: C, params: Params) => Promise<void> | void,
  ): this {
    const keys: string[] = [];
    const source = path
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        keys.push(part.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), keys, handler });
    return this;
  }

  /** Runs the matching route; returns false when no route has this path. */
  async dispatch(ctx: C, method: string, path: string): Promise<boolean> {
    const allowed: string[] = [];
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      if (route.method !== method && !(route.method === 'GET' && method === 'HEAD')) {
        allowed.push(route.method);
        continue;
      }
      const params: Params = {};
      route.keys.forEach((key, i) => {
        params[key] = decodeURIComponent(match[i + 1] ?? '');
      });
      await route.handler(ctx, params);
      return true;
    }
    if (allowed.length > 0) throw methodNotAllowed(method, [...new Set(allowed)]);
    return false;
  }

  /** Dispatches or answers NOT_FOUND. */
  async handle(ctx: C, method: string, path: string): Promise<void> {
    if (!(await this.dispatch(ctx, method, path))) throw notFound();
  }
}
