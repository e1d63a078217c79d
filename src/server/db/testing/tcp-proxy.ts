// A TCP proxy for outage tests: the app talks to PostgreSQL through it, and the test "restarts the
// server" by cutting every proxied connection and refusing new ones for a while, without touching
// the real server (which other tests use at the same time). Refused connections are accepted and
// closed at once, as a server that is shutting down or starting up does.
import net from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Proxied connections open right now. */
  openConnections(): number;
  /** Connections accepted since start (refused ones included). */
  accepted(): number;
  /** Destroys every proxied connection; new ones are closed at once until restore(). */
  cut(): void;
  /** Accepts and proxies connections again. */
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let refusing = false;
  let accepted = 0;

  const server = net.createServer((client) => {
    accepted++;
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');

  return {
    port: address.port,
    openConnections: () => pairs.size,
    accepted: () => accepted,
    cut() {
      refusing = true;
      for (const { client, upstream } of [...pairs]) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    restore() {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        refusing = true;
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
