// Reading requests: bodies (jsforce sends the token request form-encoded with chunked transfer
// encoding), JSON, forms, cookies and the bearer token.
import type { IncomingMessage } from 'node:http';
import { ApiError } from './respond';

const MAX_BODY_BYTES = 50 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES)
      throw new ApiError(413, 'REQUEST_ENTITY_TOO_LARGE', 'Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(
      400,
      'JSON_PARSER_ERROR',
      `Unexpected character in request body: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}

export function cookies(req: IncomingMessage): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return out;
}

/** The token of an 'Authorization: Bearer …' (or 'OAuth …') header. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
