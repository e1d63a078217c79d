// The list benchmark's side of HTTP: GET requests against the listening server (Node's fetch keeps
// its connections alive, as a browser does), timed from the request until the whole body is read,
// and the percentiles of a shape's runs.

/** What a list page answers (the rows as JSON objects). */
export interface ListAnswer {
  rows: Record<string, unknown>[];
  total: number;
  total_is_estimate: boolean;
}

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** A signed-in client of one server. */
export class BenchClient {
  constructor(
    private readonly address: string,
    private readonly headers: Record<string, string>,
  ) {}

  url(path: string, query: Record<string, string | number> = {}): string {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)]),
    ).toString();
    return `${this.address}${path}${search ? `?${search}` : ''}`;
  }

  /** One GET, timed until its body is read. */
  async get(path: string, query: Record<string, string | number> = {}): Promise<Answer> {
    const url = this.url(path, query);
    const start = performance.now();
    const response = await fetch(url, { headers: this.headers });
    const body = await response.text();
    return { status: response.status, body, ms: performance.now() - start };
  }

  /** One GET that must answer 200 with JSON (sampling and probing, not timed). */
  async json<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
    const answer = await this.get(path, query);
    if (answer.status !== 200) {
      throw new HttpFailure(`GET ${this.url(path, query)}`, answer.status, answer.body);
    }
    return JSON.parse(answer.body) as T;
  }

  /** Streams a GET over the socket, sampling this process's memory meanwhile. */
  async stream(path: string): Promise<{ ms: number; bytes: number; lines: number; peak: number }> {
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      const start = performance.now();
      const response = await fetch(this.url(path), { headers: this.headers });
      if (response.status !== 200) {
        throw new HttpFailure(`GET ${path}`, response.status, await response.text());
      }
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines++;
      }
      return { ms: performance.now() - start, bytes, lines, peak };
    } finally {
      clearInterval(timer);
    }
  }
}

export class HttpFailure extends Error {
  constructor(
    readonly request: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${request}: ${status} ${body.slice(0, 2000)}`);
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export interface Timing {
  p50: number;
  p95: number;
  /** Every run's milliseconds, in the order they ran (the warm-up left out). */
  times: number[];
}

/**
 * One warm-up and `runs` timed GETs of the same URL, or fewer when `capMs` (> 0) is given: the
 * runs stop once they have taken that long together, after two at least (a shape that slow is
 * over any target whichever way, and the matrix keeps to its time). Answers the timing and the
 * last answer's body, or the first answer that was not a 200.
 */
export async function timeGet(
  client: BenchClient,
  path: string,
  query: Record<string, string | number>,
  runs: number,
  capMs = 0,
): Promise<{ timing: Timing; body: string } | { failure: Answer }> {
  const times: number[] = [];
  let spent = 0;
  let body = '';
  for (let i = 0; i <= runs; i++) {
    const answer = await client.get(path, query);
    if (answer.status !== 200) return { failure: answer };
    if (i > 0) {
      times.push(answer.ms);
      spent += answer.ms;
    }
    body = answer.body;
    if (capMs > 0 && times.length >= 2 && spent >= capMs) break;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { timing: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), times }, body };
}
