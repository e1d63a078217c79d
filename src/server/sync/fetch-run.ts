// What the steps of one fetch job share: full or incremental, the day it runs, totals, and which
// orgs an incremental run touched (its derivations are limited to those).
import type { Database } from '../db/database';
import { analyzeSyncTables, syncTablesBut } from '../db/repositories/bulk';
import {
  beginBulkLoad,
  endBulkLoads as endBulkLoadsOf,
  finishInterruptedBulkLoads,
  type BulkTable,
  startEarlyIndexBuilds,
  type EarlyIndexBuilds,
} from '../db/repositories/bulk-load';
import { findOrgsWithLapsedLicenses } from '../db/repositories/orgs';
import { beginDerivation, lastDerivationDay } from '../db/repositories/sync-state';
import type { JobContext } from '../jobs/types';
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
  /** Bulk loads whose indexes are being built while later steps run (buildIndexesEarly). */
  readonly earlyBuilds: Map<BulkTable, EarlyIndexBuilds>;
  /**
   * Tables loaded in bulk that no later step writes, analyzed once loaded (buildIndexesEarly):
   * the run's later ANALYZEs skip them (analyzeRunTables).
   */
  readonly settled: Set<BulkTable>;
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
    earlyBuilds: new Map(),
    settled: new Set(),
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
 *
 * `early`: for tables no later step writes. Once `write` succeeds, their indexes are built while
 * the next steps run, but for `early.indexes`, built at once (buildIndexesEarly): a first fetch's
 * million licenses have sixteen indexes to build, and the subscribers' fetch leaves a core free.
 */
export async function withBulkLoad<T>(
  db: Database,
  run: FetchRun,
  tables: readonly BulkTable[],
  write: () => Promise<T>,
  early?: { readonly indexes: readonly string[] },
): Promise<T> {
  const begun = await beginBulkLoads(db, run, tables);
  let written: T;
  try {
    written = await write();
  } catch (error) {
    await endBulkLoads(db, run, begun);
    throw error;
  }
  if (early) await buildIndexesEarly(db, run, begun, early.indexes);
  else await endBulkLoads(db, run, begun);
  return written;
}

/**
 * For bulk loads of `tables` that no later step writes, on PostgreSQL: analyzes the tables (the
 * next steps plan on them, and an ANALYZE would wait for the builds), builds the indexes `now`
 * names, and starts building the others on one connection while the next steps run. The loads
 * end with the run's derivations (endBulkLoads), which build whatever is left. On PGlite the
 * loads end here.
 */
export async function buildIndexesEarly(
  db: Database,
  run: FetchRun,
  tables: readonly BulkTable[],
  now: readonly string[] = [],
): Promise<void> {
  const loading = tables.filter((table) => run.bulkLoads.has(table));
  for (const table of loading) run.settled.add(table);
  // Ending the loads analyzes the tables too.
  if (db.kind !== 'postgres') return endBulkLoads(db, run, loading);
  if (loading.length === 0) return;
  await analyzeSyncTables(db, loading);
  for (const table of loading) {
    run.earlyBuilds.set(table, await startEarlyIndexBuilds(db, table, now));
  }
}

/**
 * Fresh statistics for the sync tables after a large write, but for the run's settled tables:
 * analyzed once loaded and not written since (on PostgreSQL an ANALYZE would also wait for their
 * index builds; their load's end analyzes them again, with every index).
 */
export async function analyzeRunTables(db: Database, run: FetchRun): Promise<void> {
  await analyzeSyncTables(db, syncTablesBut(run.settled));
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

/**
 * Ends the run's bulk loads of `tables` (all of them by default): rebuilds what they dropped,
 * taking over from their early builds, and analyzes the tables.
 */
export async function endBulkLoads(
  db: Database,
  run: FetchRun,
  tables: Iterable<BulkTable> = run.bulkLoads,
): Promise<void> {
  const ending = [...tables];
  if (ending.length === 0) return;
  const early = ending.filter((table) => run.earlyBuilds.has(table));
  // The early builds take no further index: the rebuild's lanes build the rest, waiting for the
  // one under way (one builder per index).
  const stopping = early.map((table) => run.earlyBuilds.get(table)!.stop());
  try {
    await endBulkLoadsOf(db, ending);
  } finally {
    await Promise.all(stopping);
  }
  for (const table of ending) run.bulkLoads.delete(table);
  for (const table of early) run.earlyBuilds.delete(table);
  // Analyzed before their expression indexes existed, whose statistics the lists' plans use
  // (lower(name) for a name filter): autovacuum would not analyze them again for a while.
  await analyzeSyncTables(db, ending);
}

/**
 * Ends whatever bulk loads the run left open (the cleanup of its first step): those of a run
 * that failed, or was canceled or stopped, before the derivations that end them. (A process that
 * dies leaves them to the next fetch or start.)
 */
export async function endOpenBulkLoads(
  db: Database,
  run: FetchRun,
  context: JobContext,
): Promise<void> {
  if (run.bulkLoads.size === 0) return;
  context.progress('Building the indexes and foreign keys set aside for the first load');
  await endBulkLoads(db, run);
}
