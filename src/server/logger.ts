// Logger options: structured JSON via pino, with secrets redacted wherever they could appear.
import type { FastifyServerOptions } from 'fastify';

/** Query parameter names whose values must never reach a log line (matched once decoded). */
const SECRET_PARAM = /key|code|state|token|secret|password|verifier|session/i;

/** The name of a query parameter as the server's query parser reads it; undefined if unreadable. */
function decodedName(rawName: string): string | undefined {
  try {
    return decodeURIComponent(rawName.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/**
 * The request target with the value of every secret parameter replaced. Names are compared as
 * the query parser decodes them, so `?k%65y=…` is redacted like `?key=…`; a name that cannot be
 * decoded has its value redacted too.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const pairs = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = decodedName(pair.slice(0, equals));
      const secret = name === undefined || SECRET_PARAM.test(name);
      return secret ? `${pair.slice(0, equals)}=[REDACTED]` : pair;
    });
  return `${url.slice(0, at)}?${pairs.join('&')}`;
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
