// The command line's door to a console: the same typed endpoint descriptions the web app and the
// server use (src/domain/api/endpoints), a personal API token as the bearer, and the answer
// checked against the endpoint's schema, so the CLI cannot drift from the server unnoticed.
import { pathOf, type BodyOf, type EndpointShape, type ParamsOf, type ResponseOf } from '../domain';

/** The console refused or failed a call: its status and its own message. */
export class ConsoleError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ConsoleError';
  }
}

export interface CallParts<E extends EndpointShape> {
  params?: ParamsOf<E>;
  query?: Record<string, string | number | undefined>;
  body?: BodyOf<E>;
}

export class ConsoleClient {
  constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  private address(path: string, query?: Record<string, string | number | undefined>): string {
    const url = new URL(path, this.url);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  private async send(method: string, path: string, parts: CallParts<EndpointShape>) {
    const response = await fetch(this.address(path, parts.query), {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        accept: 'application/json',
        ...(parts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(parts.body !== undefined ? { body: JSON.stringify(parts.body) } : {}),
    });
    if (!response.ok) {
      const text = await response.text();
      let message = text || response.statusText;
      try {
        const parsed = JSON.parse(text) as { message?: unknown; field?: unknown };
        if (typeof parsed.message === 'string') {
          message =
            typeof parsed.field === 'string'
              ? `${parsed.message} (${parsed.field})`
              : parsed.message;
        }
      } catch {
        // Not JSON: the text as it came.
      }
      throw new ConsoleError(`${method} ${path}: ${response.status} ${message}`, response.status);
    }
    return response;
  }

  /** Calls the endpoint and answers what its response schema makes of the answer. */
  async call<E extends EndpointShape>(
    endpoint: E,
    parts: CallParts<E> = {},
  ): Promise<ResponseOf<E>> {
    const path = pathOf(endpoint, parts.params as Record<string, string | number> | undefined);
    const response = await this.send(endpoint.method, path, parts);
    const answer: unknown = await response.json();
    if (!endpoint.response) return answer as ResponseOf<E>;
    const parsed = endpoint.response.safeParse(answer);
    if (!parsed.success) {
      throw new ConsoleError(
        `${endpoint.method} ${endpoint.path}: the console answered in a shape this CLI cannot read (${parsed.error.issues[0]?.message ?? 'unknown'}); update the CLI to the console's version.`,
        200,
      );
    }
    return parsed.data as ResponseOf<E>;
  }

  /** A list export (tab-separated text), streamed to `write` as it arrives. */
  async stream(
    endpoint: EndpointShape,
    parts: CallParts<EndpointShape>,
    write: (chunk: Uint8Array) => void,
  ): Promise<void> {
    const path = pathOf(endpoint, parts.params as Record<string, string | number> | undefined);
    const response = await this.send(endpoint.method, path, parts);
    if (!response.body) return;
    for await (const chunk of response.body) write(chunk);
  }
}
