// The import's report (docs/operations.md "Importing from the old console"): per old table, how
// many rows are new (would be imported, or were with --apply), already imported and unchanged,
// already imported but changed in the old console since, and skipped with a reason; plus notes on
// rows imported with an adjustment (a reference that pointed nowhere, a status the old console
// wrote wrongly). Reasons are grouped, each with a few old row keys to look up.
const SAMPLES = 5;

export interface ReasonCount {
  reason: string;
  count: number;
  samples: string[];
}

export interface TableReport {
  /** Old table name. */
  source: string;
  /** Pushboard table the rows go to. */
  target: string;
  read: number;
  imported: number;
  unchanged: number;
  changed: number;
  changedSamples: string[];
  /** Imported by an earlier run, no longer in the old database (Pushboard keeps its copy). */
  gone: number;
  goneSamples: string[];
  skipped: number;
  skippedReasons: ReasonCount[];
  notes: ReasonCount[];
}

export interface ImportReport {
  applied: boolean;
  tables: TableReport[];
  /** Set when the run stopped on an error: what was committed stays and a rerun resumes. */
  failure?: string;
}

export function emptyTableReport(source: string, target: string): TableReport {
  return {
    source,
    target,
    read: 0,
    imported: 0,
    unchanged: 0,
    changed: 0,
    changedSamples: [],
    gone: 0,
    goneSamples: [],
    skipped: 0,
    skippedReasons: [],
    notes: [],
  };
}

function count(list: ReasonCount[], reason: string, sample: string): void {
  let entry = list.find((item) => item.reason === reason);
  if (!entry) {
    entry = { reason, count: 0, samples: [] };
    list.push(entry);
  }
  entry.count++;
  if (entry.samples.length < SAMPLES) entry.samples.push(sample);
}

export function addSkip(report: TableReport, reason: string, key: string): void {
  report.skipped++;
  count(report.skippedReasons, reason, key);
}

export function addNote(report: TableReport, reason: string, key: string): void {
  count(report.notes, reason, key);
}

export function addChanged(report: TableReport, key: string): void {
  report.changed++;
  if (report.changedSamples.length < SAMPLES) report.changedSamples.push(key);
}

function pad(cells: string[], widths: number[]): string {
  return cells
    .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
    .join('  ');
}

/** The report as the command prints it: a table of counts, then the reasons and notes. */
export function formatImportReport(report: ImportReport): string {
  const newHeader = report.applied ? 'imported' : 'would import';
  const header = [
    'old table → Pushboard',
    'read',
    newHeader,
    'unchanged',
    'changed since',
    'gone since',
    'skipped',
  ];
  const rows = report.tables.map((t) => [
    `${t.source} → ${t.target}`,
    String(t.read),
    String(t.imported),
    String(t.unchanged),
    String(t.changed),
    String(t.gone),
    String(t.skipped),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const lines = [
    report.applied
      ? 'Import from the old console (applied)'
      : 'Import from the old console (dry run: nothing written; --apply to import)',
    '',
    pad(header, widths),
    pad(
      widths.map((w) => '-'.repeat(w)),
      widths,
    ),
    ...rows.map((row) => pad(row, widths)),
  ];
  const details = (title: string, pick: (t: TableReport) => ReasonCount[]) => {
    const entries = report.tables.flatMap((t) => pick(t).map((r) => ({ t, r })));
    if (entries.length === 0) return;
    lines.push('', title);
    for (const { t, r } of entries) {
      lines.push(`  ${t.source}: ${r.reason} — ${r.count} (e.g. ${r.samples.join(', ')})`);
    }
  };
  details('Skipped:', (t) => t.skippedReasons);
  details('Imported with a note:', (t) => t.notes);
  const changed = report.tables.filter((t) => t.changed > 0);
  if (changed.length > 0) {
    lines.push(
      '',
      'Changed in the old console since they were imported (Pushboard keeps its copy):',
    );
    for (const t of changed)
      lines.push(`  ${t.source}: ${t.changed} (e.g. ${t.changedSamples.join(', ')})`);
  }
  const gone = report.tables.filter((t) => t.gone > 0);
  if (gone.length > 0) {
    lines.push('', 'Imported before, no longer in the old console (Pushboard keeps its copy):');
    for (const t of gone) lines.push(`  ${t.source}: ${t.gone} (e.g. ${t.goneSamples.join(', ')})`);
  }
  if (report.failure) {
    lines.push(
      '',
      `Stopped: ${report.failure}`,
      'Everything committed before stays; run the import again to resume.',
    );
  }
  return lines.join('\n');
}
