// Component tests stub fetch, the browser's network boundary, with a small routing table keyed by
// "METHOD /path". Unlisted calls answer 404 with a JSON error, like the server does.
import { vi } from 'vitest';

export interface StubReply {
  status?: number;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as-is (e.g. an HTML error page); wins over json. */
  text?: string;
  contentType?: string;
}

export type StubRoute = StubReply | ((url: URL, init: RequestInit | undefined) => StubReply);

function toResponse({ status = 200, json, text, contentType }: StubReply): Response {
  const body = text ?? (json === undefined ? '' : JSON.stringify(json));
  const type = contentType ?? (text === undefined ? 'application/json' : 'text/html');
  return new Response(body || null, { status, headers: { 'Content-Type': type } });
}

export function stubFetch(routes: Record<string, StubRoute>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : String(input);
    const url = new URL(href, 'http://localhost');
    const method = init?.method ?? 'GET';
    const route = routes[`${method} ${url.pathname}`];
    const reply = route
      ? typeof route === 'function'
        ? route(url, init)
        : route
      : {
          status: 404,
          json: { message: `Not found: ${method} ${url.pathname}`, subject: 'Not Found' },
        };
    return Promise.resolve(toResponse(reply));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs fetch was called with, as parsed URL objects (for asserting paths and query). */
export function calledUrls(fetchMock: ReturnType<typeof stubFetch>): URL[] {
  return fetchMock.mock.calls.map(([input]) => {
    const href = input instanceof Request ? input.url : String(input);
    return new URL(href, 'http://localhost');
  });
}
