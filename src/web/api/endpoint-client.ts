// The typed door to the server: a call names the endpoint's description (src/domain/api/endpoints),
// which gives its method, its path, the shape of what it takes and the schema of its answer. The
// answer is checked against that schema, so its type is the description's and a changed answer
// fails type-checking here instead of drawing blanks on a screen. The request itself goes through
// apiRequest (401 → sign-in, the CSRF header, the server's { message, subject } on failure).
import type { z } from 'zod';
import {
  pathOf,
  type BodyOf,
  type EndpointShape,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '../../domain';
import { ApiError, apiRequest, type QueryParams } from './client';

/**
 * The server answered, but not in the shape its endpoint describes: this build and the server
 * disagree. Asking again will not help (the app's query client does not retry it).
 */
export class UnreadableAnswerError extends ApiError {
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(what: string, issues: readonly z.core.$ZodIssue[]) {
    const issue = issues[0];
    const where = issue?.path.length ? ` at ${issue.path.map(String).join('.')}` : '';
    super(
      `The server sent an answer to ${what} Pushboard cannot read${where}: ${issue?.message ?? 'unknown'}.`,
      200,
    );
    this.name = 'UnreadableAnswerError';
    this.issues = issues;
  }
}

/** A part of the call: left out when the endpoint takes none, optional when it may be absent. */
type Part<Name extends string, T> = [T] extends [undefined]
  ? { readonly [K in Name]?: undefined }
  : undefined extends T
    ? { readonly [K in Name]?: T }
    : Partial<T> extends T
      ? { readonly [K in Name]?: T }
      : { readonly [K in Name]: T };

/** What a call passes: the path parameters, query and body its endpoint takes, and a signal. */
export type CallOptions<E extends EndpointShape> = Part<'params', ParamsOf<E>> &
  Part<'query', QueryOf<E>> &
  Part<'body', BodyOf<E>> & { readonly signal?: AbortSignal };

/** The options argument may be left out when nothing in it is required. */
export type OptionsArgument<E extends EndpointShape> =
  Partial<CallOptions<E>> extends CallOptions<E>
    ? [options?: CallOptions<E>]
    : [options: CallOptions<E>];

type QueryValue = QueryParams[string];

function queryValue(name: string, value: unknown): QueryValue {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => queryValue(name, item) as string | number);
  throw new Error(`The query parameter ${name} is not a string, number, boolean or list of them.`);
}

/** The query as the URL carries it: undefined and null left out, lists repeat their key. */
function toQueryParams(query: unknown): QueryParams | undefined {
  if (query === undefined || query === null) return undefined;
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>).map(([name, value]) => [
      name,
      queryValue(name, value),
    ]),
  );
}

/**
 * Sends the call and answers the server's answer unchecked: for a caller that reads the answer
 * item by item and keeps what it can (a list's saved filters). callEndpoint is the usual door.
 */
export function requestEndpoint<E extends EndpointShape>(
  endpoint: E,
  ...[options]: OptionsArgument<E>
): Promise<unknown> {
  const { params, query, body, signal } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
    signal?: AbortSignal;
  };
  return apiRequest<unknown>(endpoint.method, pathOf(endpoint, params), {
    query: toQueryParams(query),
    body,
    signal,
  });
}

/** Calls the endpoint and answers what its response schema produces from the server's answer. */
export async function callEndpoint<E extends EndpointShape>(
  endpoint: E,
  ...options: OptionsArgument<E>
): Promise<ResponseOf<E>> {
  const answer = await requestEndpoint(endpoint, ...options);
  if (!endpoint.response) return answer as ResponseOf<E>;
  const parsed = endpoint.response.safeParse(answer);
  if (!parsed.success) {
    throw new UnreadableAnswerError(`${endpoint.method} ${endpoint.path}`, parsed.error.issues);
  }
  return parsed.data as ResponseOf<E>;
}
