// The one database handle: PGlite on a thread of its own (embedded mode) or a pg Pool (server
// mode), behind the same small interface so every repository, migration and test runs identically
// on both.
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { drizzle as drizzleProxy } from 'drizzle-orm/pg-proxy';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PgliteThread } from './pglite-client';
import * as schema from './schema';

export type DatabaseKind = 'pglite' | 'postgres';
export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

/** Parameterised SQL on one connection or transaction ($1, $2… placeholders). */
export interface SqlClient {
  query<R = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<R>>;
  /** Several statements without parameters (migrations, pg-boss DDL). */
  exec(text: string): Promise<void>;
}

export interface Database extends SqlClient {
  readonly kind: DatabaseKind;
  /** Typed query builder over the same connection(s), for simple reads. */
  readonly orm: Orm;
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /** Runs fn on one dedicated connection (session-level advisory locks, LISTEN). */
  withConnection<T>(fn: (client: SqlClient) => Promise<T>): Promise<T>;
  /** The embedded engine's thread, when kind is 'pglite' (pg-boss needs it for its adapter). */
  readonly embedded?: PgliteThread;
  /** The pool, when kind is 'postgres'. */
  readonly pool?: pg.Pool;
  close(): Promise<void>;
}

// bigint counts come back as numbers (timestamptz arrives as Date objects from both engines).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface OpenDatabaseOptions {
  /** postgres:// URL; without it the embedded engine is used. */
  url?: string | undefined;
  /** Folder for the embedded engine; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.dataDir ?? 'memory://');
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const thread = await PgliteThread.open(dataDir);
  const onTransaction = (tx?: number): SqlClient => ({
    async query<R>(text: string, params: readonly unknown[] = []) {
      const result = await thread.query<R>(text, params, tx === undefined ? {} : { tx });
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(text: string) {
      await thread.exec(text, tx);
    },
  });
  const client = onTransaction();
  return {
    kind: 'pglite',
    // Drizzle's proxy driver: 'all' wants each row as an array of values.
    orm: drizzleProxy(
      async (sql, params, method) =>
        thread.query(sql, params, method === 'all' ? { rowMode: 'array' } : {}),
      { schema },
    ) as unknown as Orm,
    ...client,
    embedded: thread,
    transaction: (fn) => thread.transaction((tx) => fn(onTransaction(tx))),
    // PGlite is one connection already.
    withConnection: (fn) => fn(client),
    close: () => thread.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A client that loses its server (restart, failover) must not crash the process: idle clients
  // report on the pool, checked-out ones (the live channel's LISTEN connection) on themselves.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  await pool.query('SELECT 1');
  const onClient = (client: pg.Pool | pg.PoolClient): SqlClient => ({
    async query<R>(text: string, params: readonly unknown[] = []) {
      const result = await client.query(text, params as unknown[]);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(text: string) {
      await client.query(text);
    },
  });
  const withConnection = async <T>(fn: (client: SqlClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await fn(onClient(client));
    } finally {
      client.release();
    }
  };
  return {
    kind: 'postgres',
    orm: drizzlePg(pool, { schema }) as unknown as Orm,
    ...onClient(pool),
    pool,
    withConnection,
    transaction: (fn) =>
      withConnection(async (client) => {
        await client.exec('BEGIN');
        try {
          const result = await fn(client);
          await client.exec('COMMIT');
          return result;
        } catch (error) {
          await client.exec('ROLLBACK');
          throw error;
        }
      }),
    close: () => pool.end(),
  };
}
