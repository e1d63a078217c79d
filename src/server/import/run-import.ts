// Runs the import from the old console (docs/operations.md "Importing from the old console"):
// reads each old table in key order, maps each row, and reports what would be imported, what was
// already imported (unchanged or changed since) and what is skipped and why. With apply, each
// batch of new rows is written in one transaction together with its import_map rows, so an
// interrupted import resumes where it stopped and a second run imports nothing twice.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../db/database';
import { writeAudit } from '../db/repositories/audit-log';
import {
  lockAndCheckImported,
  readImportMap,
  recordImported,
} from '../db/repositories/old-console-import/import-map';
import { readOldRows, type OldRow } from '../db/repositories/old-console-import/old-source';
import type { SecretBox } from '../secrets';
import { loadImportContext, PENDING, setTarget, type ImportContext } from './import-context';
import {
  addChanged,
  addNote,
  addSkip,
  emptyTableReport,
  type ImportReport,
  type TableReport,
} from './import-report';
import type { ImportStep } from './import-step';
import { connectedOrgStep, filterStep, groupStep, memberStep } from './steps-groups';
import { itemStep, upgradeStep } from './steps-history';
import { blacklistStep, jobStep } from './steps-jobs';

/** In dependency order: a row's references are imported before it. */
export const IMPORT_STEPS: readonly ImportStep<unknown>[] = [
  connectedOrgStep,
  groupStep,
  memberStep,
  filterStep,
  upgradeStep,
  itemStep,
  jobStep,
  blacklistStep,
] as ImportStep<unknown>[];

export interface ImportOptions {
  /** The old console's database. */
  from: pg.Pool;
  /** Pushboard's database. */
  target: Database;
  apply: boolean;
  oldKey?: string | undefined;
  /** The old console's CRYPT_KEY_RSA private key (PEM), when it sealed tokens with RSA. */
  oldRsaKey?: string | undefined;
  /** Pushboard's token encryption; without it no token is imported. */
  secrets?: SecretBox | undefined;
  batchSize?: number;
  onProgress?: (progress: {
    table: string;
    read: number;
    tableIndex: number;
    tables: number;
  }) => void;
  /** Who runs it, for the audit log (an applied run is recorded there, however it ended). */
  actor?: string;
  /** Called in each batch's transaction just before it commits (tests interrupt an import here). */
  beforeCommit?: (table: string, batch: number) => void | Promise<void>;
}

export const DEFAULT_BATCH_SIZE = 1_000;

function hashRow(step: ImportStep<unknown>, row: OldRow): string {
  const omit = new Set(step.hashOmit ?? []);
  const values = step.columns.filter((c) => !omit.has(c)).map((c) => row[c] ?? null);
  return createHash('sha256').update(JSON.stringify(values)).digest('hex');
}

interface NewRow {
  key: string;
  hash: string;
  value: unknown;
  notes: readonly string[];
}

async function writeBatch(
  options: ImportOptions,
  step: ImportStep<unknown>,
  ctx: ImportContext,
  rows: NewRow[],
  batch: number,
): Promise<string[]> {
  return options.target.transaction(async (tx) => {
    const keys = rows.map((r) => r.key);
    if (await lockAndCheckImported(tx, step.source, keys)) {
      throw new Error('another import wrote these rows meanwhile: run it again');
    }
    const targets = await step.write(
      tx,
      rows.map((r) => r.value),
    );
    await recordImported(
      tx,
      step.source,
      rows.map((r, i) => ({ key: r.key, target: targets[i]!, hash: r.hash })),
    );
    await options.beforeCommit?.(step.source, batch);
    return targets;
  });
}

async function importTable(
  options: ImportOptions,
  step: ImportStep<unknown>,
  ctx: ImportContext,
  report: TableReport,
  tableIndex: number,
): Promise<void> {
  const mapped = await readImportMap(options.target, step.source);
  let batch = 0;
  for await (const oldRows of readOldRows(
    options.from,
    { table: step.source, columns: step.columns, key: step.key, readAll: step.readAll },
    options.batchSize ?? DEFAULT_BATCH_SIZE,
  )) {
    batch++;
    const fresh: NewRow[] = [];
    for (const row of oldRows) {
      report.read++;
      const key = String(row[step.key]);
      const hash = hashRow(step, row);
      // Planned even when imported before: it claims its unique keys, so a later duplicate
      // (the same id in its other length) is still recognised.
      const plan = step.plan(row, ctx);
      const before = mapped.get(key);
      if (before) {
        setTarget(ctx, step.source, key, before.target);
        mapped.delete(key);
        if (before.hash === hash) report.unchanged++;
        else addChanged(report, key);
      } else if ('skip' in plan) {
        addSkip(report, plan.skip, plan.detail ? `${key} (${plan.detail})` : key);
      } else {
        fresh.push({ key, hash, value: plan.value, notes: plan.notes ?? [] });
        // A later row of the same batch may name it (a retry its parent upgrade).
        setTarget(ctx, step.source, key, PENDING);
      }
    }
    if (fresh.length > 0) {
      const targets = options.apply
        ? await writeBatch(options, step, ctx, fresh, batch)
        : fresh.map(() => PENDING);
      fresh.forEach((row, i) => {
        setTarget(ctx, step.source, row.key, targets[i]!);
        for (const note of row.notes) addNote(report, note, row.key);
      });
      report.imported += fresh.length;
    }
    options.onProgress?.({
      table: step.source,
      read: report.read,
      tableIndex,
      tables: IMPORT_STEPS.length,
    });
  }
  // What is left was imported once and is no longer in the old console (Pushboard keeps it).
  report.gone = mapped.size;
  report.goneSamples = [...mapped.keys()].slice(0, 5);
}

async function auditImport(options: ImportOptions, report: ImportReport): Promise<void> {
  try {
    await writeAudit(options.target, {
      actor: options.actor ?? 'old console import',
      action: 'import.old-console',
      outcome: report.failure ? 'failed' : 'success',
      details: {
        ...(report.failure ? { failure: report.failure } : {}),
        tables: report.tables.map((t) => ({
          source: t.source,
          imported: t.imported,
          unchanged: t.unchanged,
          changed: t.changed,
          skipped: t.skipped,
        })),
      },
    });
  } catch {
    // The database that failed the import may refuse this too; the printed report still says it.
  }
}

export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const ctx = await loadImportContext(options.target, options);
  const report: ImportReport = {
    applied: options.apply,
    tables: IMPORT_STEPS.map((step) => emptyTableReport(step.source, step.target)),
  };
  try {
    for (const [index, step] of IMPORT_STEPS.entries()) {
      await importTable(options, step, ctx, report.tables[index]!, index);
    }
  } catch (error) {
    report.failure = error instanceof Error ? error.message : String(error);
  }
  if (options.apply) await auditImport(options, report);
  return report;
}
