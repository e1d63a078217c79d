// A pg Pool whose connections the server may drop at any time (restart, failover, an operator's
// pg_terminate_backend, DROP DATABASE … WITH (FORCE)) without crashing the process. pg reports a
// dropped idle client as an 'error' event on its pool, and a checked-out one on the client; an
// 'error' event nobody listens to is thrown. Whoever uses a connection still gets the error from
// its query, and the pool replaces a dropped idle client on the next query.
//
// pool.end() resolves as soon as it has asked its clients to end, not once they have: a server
// that drops one in between (a test dropping its database right after) reports on the pool too.
import type pg from 'pg';

export function survivingLostConnections<P extends pg.Pool>(pool: P): P {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
