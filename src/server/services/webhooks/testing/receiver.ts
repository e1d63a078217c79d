// A real webhook receiver for tests: node:http on 127.0.0.1 (a random port unless one is given),
// checking each delivery's signature with the endpoint's secret the way docs/product.md
// "Webhooks" tells receivers to, and answering what the test asks.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../signature';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether Pushboard-Signature verified with the receiver's secret. */
  verified: boolean;
}

export class TestReceiver {
  readonly received: ReceivedDelivery[] = [];
  /** The secret signatures are checked with (set once the endpoint is made). */
  secret = '';
  /** The status to answer, and the body (for a verified delivery). */
  status = 200;
  body = 'ok';
  private server: Server | undefined;
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  /** Listens (again, on the same port after a stop). */
  async start(): Promise<this> {
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const signature = request.headers['pushboard-signature'];
        const verified = verifySignature(
          this.secret,
          typeof signature === 'string' ? signature : undefined,
          body,
        );
        this.received.push({ headers: request.headers, body, verified });
        response
          .writeHead(verified ? this.status : 401)
          .end(verified ? this.body : 'bad signature');
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Stops listening: attempts now find the port closed. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Polls `check` until it answers something truthy, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('The condition did not come true in time.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
