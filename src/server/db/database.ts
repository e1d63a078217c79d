// The one database handle: PGlite on a thread of its own (embedded mode) or a pg Pool (server
// mode), behind the same small interface so every repository, migration and test runs identically
// on both.
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { asDatabaseError, isDatabaseUnavailable } from './database-errors';
import { survivingLostConnections } from './lost-connections';
import { PgliteThread } from './pglite-client';

export type DatabaseKind = 'pglite' | 'postgres';

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
  /** How long getting a connection may take, waiting for a free one included (default 30 s). */
  connectionTimeoutMs?: number;
}

/**
 * A connection to a server that went away without a word (a cut network, not a restart, which
 * closes the socket) is found by TCP keep-alive; a query on it still fails after this long at the
 * latest, so no request or job waits forever. PostgreSQL's own statement_timeout is the place for
 * tighter limits on slow statements.
 */
const QUERY_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_CONNECTION_TIMEOUT_MS = 30_000;

/**
 * Planner settings of every connection. Pushboard's reads are pages of 25–50 rows, latency-bound:
 * starting parallel workers costs more than it saves, and the list indexes live in memory, where
 * a random read costs little more than a sequential one. (They were SET LOCAL in a transaction
 * around each list read: three more round trips on every page, for the same effect.)
 */
export const PLANNER_SETTINGS = {
  max_parallel_workers_per_gather: '0',
  random_page_cost: '1.1',
  // Twice the default cost of an operator or function call: the filters' lower(…) LIKE '%…%' on
  // text costs a microsecond or two a row, which the default prices like a comparison of two
  // integers. Priced so, testing 100 000 orgs' account names one by one through a covering index
  // looked cheaper than the trigram index that finds the 10 000 that match (200 ms against 40).
  cpu_operator_cost: '0.005',
  // A list page reads the rows with and without a value as two branches; when the filter needs a
  // value ("expires after …"), the branch without one contradicts it (x IS NULL AND x IS NOT
  // NULL), which PostgreSQL only notices with this on — otherwise it walked all 1 000 000
  // licenses to find none (1.8 s for a last page). It costs microseconds of planning.
  constraint_exclusion: 'on',
  // Not the planner's, but of the same reads: a scan of a table bigger than a quarter of
  // shared_buffers starts where another scan of it has got to. A count that stops at 10 001
  // matches then read a different part of the orgs each time, and a group's members counted in
  // 16 and 35 ms by turns on one connection; from the start, the same count costs 9 ms each time.
  synchronize_seqscans: 'off',
};

/**
 * The URL without its `options` and the session settings every connection gets: the URL's own
 * options, then JIT off and the planner settings. (pg lets a URL's options replace the config's,
 * so they are merged here.) JIT off: at a million rows the planner's costs pass jit_above_cost
 * for short queries too, and compiling them took ~20 ms of a 50 ms answer (the package versions
 * read at scale); Pushboard's statements are short reads and set-based writes that compiled code
 * does not pay back.
 */
const SESSION_OPTIONS = Object.entries({ jit: 'off', ...PLANNER_SETTINGS })
  .map(([name, value]) => `-c ${name}=${value}`)
  .join(' ');

export function connectionSettings(url: string): { connectionString: string; options: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL (a key=value connection string): its options stay its own.
    return { connectionString: url, options: SESSION_OPTIONS };
  }
  const own = parsed.searchParams.get('options') ?? '';
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: `${own} ${SESSION_OPTIONS}`.trim() };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(
        options.url,
        options.poolSize ?? 10,
        options.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS,
      )
    : openPglite(options.dataDir ?? 'memory://');
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const thread = await PgliteThread.open(dataDir);
  // One connection for the process's life: its session settings are set once.
  for (const [name, value] of Object.entries(PLANNER_SETTINGS)) {
    await thread.exec(`SET ${name} = ${value}`);
  }
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
    ...client,
    embedded: thread,
    transaction: (fn) => thread.transaction((tx) => fn(onTransaction(tx))),
    // PGlite is one connection already.
    withConnection: (fn) => fn(client),
    close: () => thread.close(),
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  connectionTimeoutMs: number,
): Promise<Database> {
  const pool = new pg.Pool({
    ...connectionSettings(url),
    max: poolSize,
    // Without it, a request waits forever for a connection while the server is unreachable.
    connectionTimeoutMillis: connectionTimeoutMs,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A client that loses its server (restart, failover) must not crash the process.
  survivingLostConnections(pool);
  await pool.query('SELECT 1');
  // A lost connection surfaces as DatabaseUnavailableError (503, "try again"), whatever layer
  // meets it first.
  const onClient = (client: pg.Pool | pg.PoolClient): SqlClient => ({
    async query<R>(text: string, params: readonly unknown[] = []) {
      try {
        const result = await client.query(text, params as unknown[]);
        return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
    async exec(text: string) {
      try {
        await client.query(text);
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
  });
  const withConnection = async <T>(fn: (client: SqlClient) => Promise<T>): Promise<T> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw asDatabaseError(error);
    }
    let broken = false;
    try {
      return await fn(onClient(client));
    } catch (error) {
      broken = isDatabaseUnavailable(error);
      throw error;
    } finally {
      // A connection that failed (or timed out mid-query) is closed rather than reused.
      client.release(broken);
    }
  };
  return {
    kind: 'postgres',
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
          // On a lost connection the rollback fails too (PostgreSQL rolled back already): the
          // first error is the one to report then.
          await client.exec('ROLLBACK').catch((rollbackError: unknown) => {
            if (!isDatabaseUnavailable(error)) throw rollbackError;
          });
          throw error;
        }
      }),
    close: () => pool.end(),
  };
}
