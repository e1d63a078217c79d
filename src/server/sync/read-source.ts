// Reads one Salesforce object page by page into the database. Each page is written in its own
// transaction, so a failure loses at most the page in hand; the watermark is written in the same
// transaction as the data it covers, so it never runs ahead of what is stored.
//
// Incremental reads (a watermark exists) are ordered by the modification time, which makes every
// page's watermark safe to commit with that page: a cancel or crash keeps the progress made. Full
// reads are unordered (cheaper for Salesforce), so their watermark is committed with the last page,
// after every other page has committed; until then their pages are written side by side.
import type { z } from 'zod';
import type { Database, SqlClient } from '../db/database';
import { commitWithoutFlushWait } from '../db/repositories/bulk';
import {
  loadWatermark,
  saveWatermark,
  type Watermark,
  type WatermarkKey,
} from '../db/repositories/watermarks';
import type { OrgConnection } from '../salesforce/org-connection';
import { throwIfCanceled } from '../salesforce/retry';
import { withLookahead } from './lookahead';
import { WatermarkTracker } from './watermark';

/**
 * Page writes a full read keeps in flight. On PostgreSQL each has its own connection, so the
 * database writes on as many cores; PGlite, one connection, takes them in turn. Incremental reads
 * write one page at a time, as each page carries the watermark.
 */
const FULL_READ_WRITERS = 2;

export interface SourceRead<R> {
  db: Database;
  conn: OrgConnection;
  /** `SELECT … FROM Object`, without WHERE. */
  select: string;
  /** Fixed conditions, ANDed with the watermark's. */
  where?: string[];
  /** The modification stamp field, e.g. SystemModstamp. */
  modifiedField: string;
  schema: z.ZodType<R>;
  /** The record's id (18 characters) and modification time in epoch ms. */
  identify(record: R): { id: string; modifiedMs: number };
  watermark: WatermarkKey;
  /** Ignore the stored watermark and read everything (the new watermark is still stored). */
  full: boolean;
  signal: AbortSignal;
  pageSize?: number;
  /**
   * Writes the new records of one page inside the page's transaction; may answer what to do once
   * that transaction has committed.
   */
  write(tx: SqlClient, records: R[]): Promise<void | (() => void)>;
  /** After each committed page, with the running totals. */
  onPage?(totals: { read: number; written: number }): void;
}

export interface SourceOutcome {
  /** Records Salesforce returned. */
  read: number;
  /** Records written (read minus those already stored at the watermark). */
  written: number;
}

export async function readSource<R>(spec: SourceRead<R>): Promise<SourceOutcome> {
  const previous = spec.full ? undefined : await loadWatermark(spec.db, spec.watermark);
  const tracker = new WatermarkTracker(previous);
  const since = tracker.condition(spec.modifiedField);
  const conditions = [...(spec.where ?? []), ...(since ? [since] : [])];
  const ordered = previous !== undefined;
  const soql =
    spec.select.replace(/\s+/g, ' ') +
    (conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '') +
    (ordered ? ` ORDER BY ${spec.modifiedField}, Id` : '');
  const pages = spec.conn.queryPages(soql, spec.schema, {
    signal: spec.signal,
    ...(spec.pageSize ? { batchSize: spec.pageSize } : {}),
  });
  const totals = { read: 0, written: 0 };
  const writers = ordered ? 1 : FULL_READ_WRITERS;
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const throwIfFailed = () => {
    if (failure) throw failure.error;
  };
  const writePage = async (records: R[], fresh: R[], mark: Watermark | undefined) => {
    const afterCommit = await spec.db.transaction(async (tx) => {
      await commitWithoutFlushWait(tx);
      const committed = fresh.length > 0 ? await spec.write(tx, fresh) : undefined;
      if (mark) await saveWatermark(tx, spec.watermark, mark);
      return committed;
    });
    afterCommit?.();
    totals.read += records.length;
    totals.written += fresh.length;
    spec.onPage?.({ ...totals });
  };
  try {
    for await (const { value: records, last } of withLookahead(pages)) {
      const fresh: R[] = [];
      for (const record of records) {
        const { id, modifiedMs } = spec.identify(record);
        if (tracker.isNew(id, modifiedMs)) fresh.push(record);
        tracker.observe(id, modifiedMs);
      }
      const mark = ordered || last ? tracker.takeChange() : undefined;
      // A watermark commits only after every page it covers; otherwise wait for a free writer.
      while (inFlight.size >= (mark ? 1 : writers)) await Promise.race(inFlight);
      throwIfFailed();
      // Stop within one page of a cancel: no new page is written once it is asked for (a page
      // already being written still commits; the last page completes the read).
      if (!last) throwIfCanceled(spec.signal);
      const write: Promise<void> = writePage(records, fresh, mark).then(
        () => void inFlight.delete(write),
        (error: unknown) => {
          failure ??= { error };
          inFlight.delete(write);
        },
      );
      inFlight.add(write);
    }
    while (inFlight.size > 0) await Promise.race(inFlight);
    throwIfFailed();
  } finally {
    // No write outlives the read: a cancel or failure returns only once every page has settled.
    await Promise.all(inFlight);
  }
  return totals;
}
