// The pool the PostgreSQL adapter works with: its own few connections, apart from the request
// pool, because the adapter runs a pg_notify before it delivers any broadcast (even to this
// process's clients) — sharing the request pool queued every live event behind the list reads
// once those filled it (seen in the load benchmark). The adapter acquires its LISTEN
// connection asynchronously after start-up; closed before it arrives, it would keep the
// connection forever (and pool.end() would wait for it). This pool hands out nothing once
// closed, and gives back at close whatever the adapter still holds. The adapter never releases a
// LISTEN connection that its server dropped (it just takes a new one): this pool releases it as
// broken, so every database restart does not leave one more dead client counted in the pool.
import pg from 'pg';
import { survivingLostConnections } from '../db/lost-connections';

/** One LISTEN connection and a couple for NOTIFY (one per broadcast in flight). */
const ADAPTER_POOL_SIZE = 3;

export interface ClosablePool {
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/** A pool like `requestPool` (same server, timeouts, keep-alive) for the adapter alone. */
export function closableAdapterPool(requestPool: pg.Pool): ClosablePool {
  // As the request pool: a connection its server dropped must not crash the process.
  const pool = survivingLostConnections(
    new pg.Pool({ ...requestPool.options, max: ADAPTER_POOL_SIZE }),
  );
  let closed = false;
  const held = new Set<pg.PoolClient>();
  // After close the adapter's reconnection waits forever instead of retrying on a timer.
  const never = () => new Promise<never>(() => undefined);

  const connect = async (): Promise<pg.PoolClient> => {
    if (closed) return never();
    const client = await pool.connect();
    if (closed) {
      client.release();
      return never();
    }
    held.add(client);
    const release = client.release.bind(client);
    client.release = (error?: Error | boolean) => {
      // Released once: by the adapter, by close() or when it ends, whichever comes first.
      if (held.delete(client)) release(error);
    };
    client.once('end', () => client.release(true));
    return client;
  };

  const proxy = new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') return connect;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });

  return {
    pool: proxy,
    async close() {
      closed = true;
      for (const client of [...held]) client.release();
      await pool.end().catch(() => undefined);
    },
  };
}
