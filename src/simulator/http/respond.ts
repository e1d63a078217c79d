// Writing replies, and the error shapes Salesforce uses: REST API errors are a JSON array
// [{"message": …, "errorCode": …}] (plus "fields" for record errors); OAuth errors are
// {"error": …, "error_description": …}.
import type { ServerResponse } from 'node:http';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly fields?: readonly string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): Record<string, unknown>[] {
    return [
      {
        message: this.message,
        errorCode: this.errorCode,
        ...(this.fields ? { fields: [...this.fields] } : {}),
      },
    ];
  }
}

export const notFound = (): ApiError =>
  new ApiError(404, 'NOT_FOUND', 'The requested resource does not exist');
export const invalidSession = (): ApiError =>
  new ApiError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
export const requestLimit = (): ApiError =>
  new ApiError(403, 'REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.');
/** "HTTP Method 'PATCH' not allowed. Allowed are HEAD,GET,POST" (HEAD comes with GET). */
export const methodNotAllowed = (method: string, allowed: readonly string[]): ApiError =>
  new ApiError(
    405,
    'METHOD_NOT_ALLOWED',
    `HTTP Method '${method}' not allowed. Allowed are ${(allowed.includes('GET') ? ['HEAD', ...allowed] : allowed).join(',')}`,
  );

/** An OAuth endpoint failure: {"error", "error_description"} with the status Salesforce uses. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json;charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  type = 'text/plain',
): void {
  res.writeHead(status, {
    'Content-Type': `${type};charset=UTF-8`,
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendNoContent(res: ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(204, headers);
  res.end();
}

export function redirect(
  res: ServerResponse,
  location: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(302, { Location: location, 'Content-Length': 0, ...headers });
  res.end();
}

export function sendError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof ApiError) {
    sendJson(res, error.status, error.body());
    return;
  }
  if (error instanceof OAuthError) {
    sendJson(res, error.status, { error: error.error, error_description: error.description });
    return;
  }
  // Salesforce's answer to a bug on its side: an UNKNOWN_EXCEPTION with an error id.
  const id = `${Math.floor(Math.random() * 1e9)}-${Math.floor(Math.random() * 1e5)}`;
  sendJson(res, 500, [
    {
      message: `An unexpected error occurred. Please include this ErrorId if you contact support: ${id} (${String(error)})`,
      errorCode: 'UNKNOWN_EXCEPTION',
    },
  ]);
}
