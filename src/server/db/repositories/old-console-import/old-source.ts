// Reads the old console's database (the --from of the import, a pg Pool of its own): one table
// in batches, in key order (keyset paging, so no row is read twice and none is missed).
import pg from 'pg';
import { survivingLostConnections } from '../../lost-connections';

/**
 * The old database, read in a read-only session (the import only reads it, and this makes sure
 * of it), one connection at a time.
 */
export function openOldConsolePool(url: string): pg.Pool {
  return survivingLostConnections(
    new pg.Pool({ connectionString: url, max: 1, options: '-c default_transaction_read_only=on' }),
  );
}

export type OldRow = Record<string, unknown>;

export interface OldTableRead {
  table: string;
  columns: readonly string[];
  /** 'id' (an integer) or a text key. */
  key: string;
  /** Read in one go: for a table whose ids may repeat (the old filter table has no key). */
  readAll?: boolean | undefined;
}

export async function* readOldRows(
  pool: pg.Pool,
  read: OldTableRead,
  batchSize: number,
): AsyncGenerator<OldRow[]> {
  const columns = read.columns.map((c) => `"${c}"`).join(', ');
  if (read.readAll) {
    const { rows } = await pool.query<OldRow>(
      `SELECT ${columns} FROM "${read.table}" ORDER BY "${read.key}"`,
    );
    for (let i = 0; i < rows.length; i += batchSize) yield rows.slice(i, i + batchSize);
    return;
  }
  const after = read.key === 'id' ? '$1::int' : '$1::text';
  let last: string | null = null;
  for (;;) {
    const { rows }: { rows: OldRow[] } = await pool.query<OldRow>(
      `SELECT ${columns} FROM "${read.table}" WHERE $1::text IS NULL OR "${read.key}" > ${after}
        ORDER BY "${read.key}" LIMIT ${batchSize}`,
      [last],
    );
    if (rows.length === 0) return;
    yield rows;
    last = String(rows[rows.length - 1]![read.key]);
    if (rows.length < batchSize) return;
  }
}

/** The tables of these that the database lacks: it is not the old console's database. */
export async function missingOldTables(
  pool: pg.Pool,
  tables: readonly string[],
): Promise<string[]> {
  const { rows } = await pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_name = ANY($1::text[])`,
    [tables],
  );
  const present = new Set(rows.map((r) => r.table_name));
  return tables.filter((t) => !present.has(t));
}
