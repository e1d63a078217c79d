// One old table's import: which columns to read, how an old row maps to a Pushboard row (or why
// it is skipped), and how a batch of mapped rows is written. The runner (run-import.ts) does the
// rest the same way for every table: hashing, import_map, batches, the report.
import type { SqlClient } from '../db/database';
import type { OldRow } from '../db/repositories/old-console-import/old-source';
import type { ImportContext } from './import-context';

export type Plan<P> =
  | { readonly value: P; readonly notes?: readonly string[] }
  | { readonly skip: string; readonly detail?: string };

export interface ImportStep<P> {
  /** Old table, also the import_map source_table. */
  readonly source: string;
  readonly target: string;
  /** Columns read; `key` names the old row (its id, or org_id for package_org). */
  readonly columns: readonly string[];
  readonly key: string;
  /** Columns left out of the change hash (tokens: a refresh in the old console is no change). */
  readonly hashOmit?: readonly string[];
  /** Read in one go: the old filter table has no primary key, so ids may repeat. */
  readonly readAll?: boolean;
  plan(row: OldRow, ctx: ImportContext): Plan<P>;
  /** Writes the rows in the transaction; returns each one's target key, in order. */
  write(tx: SqlClient, values: readonly P[]): Promise<string[]>;
}

/** An old column's value as text, null when empty (old columns are text, numbers or dates). */
export function text(value: unknown): string | null {
  let string: string;
  if (value === null || value === undefined) return null;
  else if (value instanceof Date) string = value.toISOString();
  else if (typeof value === 'string') string = value;
  else if (typeof value === 'number' || typeof value === 'boolean') string = String(value);
  else string = JSON.stringify(value);
  return string.trim() === '' ? null : string;
}

export const time = (value: unknown): Date | null => (value instanceof Date ? value : null);
