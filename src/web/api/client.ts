// The one door from the browser to the Pushboard server (docs/api.md "Authentication" and
// "Errors"): JSON in, JSON out, a 401 sends the user to sign in, and every other failure rejects
// with the server's `{ message, subject }`. No call may leave a promise hanging: network failures,
// non-JSON bodies and empty bodies all settle with a readable outcome. Screens call it through
// endpoint-client.ts, which names the endpoint's description instead of a path.

/** Query string values; undefined entries are left out, arrays repeat the key. */
export type QueryParams = Record<
  string,
  string | number | boolean | undefined | readonly (string | number)[]
>;

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

const DEFAULT_SUBJECT = 'Failed Request';

/** A failed call: the server's message and subject, and the HTTP status (0 = never reached it). */
export class ApiError extends Error {
  readonly status: number;
  readonly subject: string;

  constructor(message: string, status: number, subject: string = DEFAULT_SUBJECT) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.subject = subject;
  }
}

/** How a 401 reaches the sign-in page: where the user is now, and how to move them. */
export interface SignInRedirect {
  currentLocation(): { pathname: string; search: string };
  goTo(loginPath: string): void;
}

// Outside React there is no router hook; the app registers its router here so a 401 does a
// client-side transition. The fallback, a full page load, is always correct too.
let signInRedirect: SignInRedirect = {
  currentLocation: () => window.location,
  goTo: (loginPath) => window.location.assign(loginPath),
};

export function setSignInRedirect(redirect: SignInRedirect): void {
  signInRedirect = redirect;
}

// These pages already show the sign-in form: sending the user to /login from them would loop
// (or, for /logout, sign them out again right after they signed in).
const PAGES_THAT_SHOW_SIGN_IN = new Set(['/login', '/logout']);

function redirectToLogin(): void {
  const { pathname, search } = signInRedirect.currentLocation();
  if (PAGES_THAT_SHOW_SIGN_IN.has(pathname)) return;
  signInRedirect.goTo(`/login?${new URLSearchParams({ r: pathname + search }).toString()}`);
}

export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const queryString = params.toString();
  return queryString ? `${path}?${queryString}` : path;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function errorFromBody(status: number, statusText: string, what: string, text: string): ApiError {
  const parsed = text ? parseJson(text) : { ok: false as const };
  if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) {
    const { message, subject } = parsed.value as { message?: unknown; subject?: unknown };
    if (typeof message === 'string' && message) {
      return new ApiError(message, status, typeof subject === 'string' ? subject : undefined);
    }
  }
  // A proxy or crashed server answers with HTML or nothing; say what happened in plain words.
  const reason = statusText ? `${status} ${statusText}` : String(status);
  return new ApiError(`The server answered ${reason} to ${what}.`, status);
}

export async function apiRequest<T>(
  method: string,
  path: string,
  { query, body, signal }: RequestOptions = {},
): Promise<T> {
  const url = buildUrl(path, query);
  const what = `${method} ${path}`;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // The server's CSRF defence accepts changes only with this header, which a cross-site form
    // cannot set.
    'X-Requested-With': 'pushboard',
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(`Could not reach the server for ${what}: ${reason}`, 0);
  }

  const text = await response.text().catch(() => '');
  if (response.status === 401) {
    redirectToLogin();
    throw errorFromBody(401, response.statusText, what, text);
  }
  if (!response.ok) throw errorFromBody(response.status, response.statusText, what, text);
  if (!text) return undefined as T;
  const parsed = parseJson(text);
  if (!parsed.ok) {
    throw new ApiError(`The server sent something other than JSON for ${what}.`, response.status);
  }
  return parsed.value as T;
}
