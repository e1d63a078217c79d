// Logger options: structured JSON via pino, with secrets redacted wherever they could appear.
import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values must never reach a log line. */
const SECRET_PARAMS = /([?&](?:key|code|state|token|access_token|refresh_token|password)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]');
}

/** Where log lines go (pino's destination stream, e.g. an in-memory one in tests). */
export interface LogStream {
  write(line: string): void;
}

/** `stream`: where lines go (stdout by default; the leak test reads them from memory). */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        // Errors of HTTP clients (jsforce, fetch) carry the request they made.
        '*.headers.authorization',
        '*.headers.Authorization',
        '*.headers.cookie',
        '*.sessionId',
        '*.token',
        '*.secret',
        // Top-level fields too: '*.x' matches only one level down, so a token logged as a field
        // of the line itself would otherwise be written in the clear.
        'access_token',
        'refresh_token',
        'accessToken',
        'refreshToken',
        'client_secret',
        'clientSecret',
        'password',
        '*.access_token',
        '*.refresh_token',
        '*.accessToken',
        '*.refreshToken',
        '*.client_secret',
        '*.clientSecret',
        '*.password',
        '*.key',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
