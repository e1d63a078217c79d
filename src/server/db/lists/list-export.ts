// Reads every row of a list in order through a cursor, a batch at a time, so an export of
// 100 000 orgs never holds them all in memory.
import type { Database } from '../database';
import { orderBy, whereClause } from './list-order';
import { toJsonRow } from './list-query';
import type { ListStatement } from './list-statement';
import { SqlBuilder } from './sql-builder';

export const EXPORT_BATCH_SIZE = 2000;

export async function streamListRows<T>(
  db: Database,
  statement: ListStatement,
  onBatch: (rows: T[]) => Promise<void>,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<number> {
  return db.transaction(async (tx) => {
    const builder = new SqlBuilder();
    const where = whereClause(statement, builder);
    await tx.query(
      `DECLARE list_export NO SCROLL CURSOR FOR SELECT ${statement.source.select}
       FROM ${statement.source.from} WHERE ${where}
       ORDER BY ${orderBy(statement.source, statement.sort)}`,
      builder.params,
    );
    let count = 0;
    for (;;) {
      const { rows } = await tx.query<Record<string, unknown>>(
        `FETCH ${batchSize} FROM list_export`,
      );
      if (rows.length === 0) break;
      count += rows.length;
      await onBatch(rows.map((row) => toJsonRow<T>(row)));
    }
    await tx.query('CLOSE list_export');
    return count;
  });
}
