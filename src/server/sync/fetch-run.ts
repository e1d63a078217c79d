// What the steps of one fetch job share: full or incremental, the day it runs, totals, and which
// orgs an incremental run touched (its derivations are limited to those).
import type { Database } from '../db/database';
import {
  beginBulkLoad,
  endBulkLoads as endBulkLoadsOf,
  finishInterruptedBulkLoads,
  type BulkTable,
} from '../db/repositories/bulk-load';
import { findOrgsWithLapsedLicenses } from '../db/repositories/orgs';
import { beginDerivation, lastDerivationDay } from '../db/repositories/sync-state';
import { utcDate, type SyncDeps } from './deps';

export type StepParams = Record<string, unknown>;

/** After writing this many records, a run refreshes table statistics before querying them. */
export const ANALYZE_AFTER = 10_000;

export interface FetchRun {
  /** Fetch All Data: ignore watermarks, then mark what was not seen as Not Found. */
  readonly full: boolean;
  /** UTC date the run judges license expiry by. */
  readonly today: string;
  /** Records written from Salesforce (for the benchmark and the final summary). */
  fetched: number;
  /** Incremental runs: orgs whose licenses, subscriber rows or accounts were written. */
  readonly touched: Set<string>;
  /** The orgs the derivations consider, once known; undefined for every org. */
  scope?: readonly string[] | undefined;
  scopeKnown: boolean;
  /** Set once the run has marked derived data pending (see beginWriting). */
  writing: boolean;
  /** An earlier fetch stopped before its derivations: this one derives every org. */
  deriveAll: boolean;
  /**
   * Tables whose first load this run does in bulk (see withBulkLoad), their secondary indexes and
   * foreign keys dropped until the load ends. Their pages are written as new rows.
   */
  readonly bulkLoads: Set<BulkTable>;
  /**
   * Installs this run wrote (or found already right), each (org, package) once: their license
   * status was derived from the licenses as stored. When they are every install, a full run's
   * license status derivation has nothing to correct.
   */
  installsWritten: number;
}

export function newFetchRun(deps: SyncDeps, full: boolean): FetchRun {
  return {
    full,
    today: utcDate(deps.now()),
    fetched: 0,
    touched: new Set(),
    scopeKnown: false,
    writing: false,
    deriveAll: false,
    bulkLoads: new Set(),
    installsWritten: 0,
  };
}

/**
 * Called by every step that writes source data, before it writes: derived data is pending until
 * the last derivation step ends it. If an earlier run left it pending (canceled, failed), the
 * orgs it touched are unknown, so this run derives every org. What an interrupted bulk load
 * dropped is rebuilt first.
 */
export async function beginWriting(db: Database, run: FetchRun): Promise<void> {
  if (run.writing) return;
  await finishInterruptedBulkLoads(db);
  run.deriveAll = await beginDerivation(db);
  run.writing = true;
}

/** Notes orgs an incremental run wrote (a full run derives every org anyway). */
export function touch(run: FetchRun, orgIds: Iterable<string | null>): void {
  if (run.full) return;
  for (const orgId of orgIds) if (orgId) run.touched.add(orgId);
}

/**
 * Which orgs the derivation steps consider: every org after a full read (or after a run that
 * stopped half-way, or when the calendar went back); after an incremental one, those it touched
 * plus those whose license lapsed with the calendar since the last derivation.
 */
export async function derivationScope(
  db: Database,
  run: FetchRun,
): Promise<readonly string[] | undefined> {
  if (run.full || run.deriveAll) return undefined;
  if (!run.scopeKnown) {
    const derivedOn = await lastDerivationDay(db);
    if (derivedOn !== undefined && run.today < derivedOn) {
      // The calendar went back: licenses may be un-expired again, so derive every org.
      run.scope = undefined;
    } else {
      const lapsed = await findOrgsWithLapsedLicenses(db, run.today, derivedOn);
      run.scope = [...new Set([...run.touched, ...lapsed])];
    }
    run.scopeKnown = true;
  }
  return run.scope;
}

/**
 * Runs a full run's write of `tables` as a bulk load for each table that is empty (its first
 * load): without secondary indexes and foreign keys, rebuilt when `write` ends, however it ends.
 */
export async function withBulkLoad<T>(
  db: Database,
  run: FetchRun,
  tables: readonly BulkTable[],
  write: () => Promise<T>,
): Promise<T> {
  const begun = await beginBulkLoads(db, run, tables);
  try {
    return await write();
  } finally {
    await endBulkLoads(db, run, begun);
  }
}

/**
 * Starts a full run's bulk load of each of `tables` that is empty, to be ended by endBulkLoads:
 * the org tables stay in bulk through the derivations, which then rewrite their rows without
 * maintaining a dozen indexes each time. Answers the tables it began.
 */
export async function beginBulkLoads(
  db: Database,
  run: FetchRun,
  tables: readonly BulkTable[],
): Promise<BulkTable[]> {
  const begun: BulkTable[] = [];
  if (!run.full) return begun;
  for (const table of tables) {
    if (run.bulkLoads.has(table) || !(await beginBulkLoad(db, table))) continue;
    run.bulkLoads.add(table);
    begun.push(table);
  }
  return begun;
}

/** Rebuilds what the run's bulk loads of `tables` (all of them by default) dropped. */
export async function endBulkLoads(
  db: Database,
  run: FetchRun,
  tables: Iterable<BulkTable> = run.bulkLoads,
): Promise<void> {
  const ending = [...tables];
  if (ending.length === 0) return;
  await endBulkLoadsOf(db, ending);
  for (const table of ending) run.bulkLoads.delete(table);
}

/**
 * Runs a step that works inside the run's open bulk loads; should it fail or be canceled, they are
 * ended (indexes and foreign keys rebuilt) before the error goes on, as the steps that would have
 * ended them will not run. (A process that dies leaves them to the next fetch or start.)
 */
export async function endingBulkLoadsOnFailure<T>(
  db: Database,
  run: FetchRun,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Should the rebuild fail too (the database gone), the loads stay pending for the next fetch.
    await endBulkLoads(db, run).catch(() => undefined);
    throw error;
  }
}
