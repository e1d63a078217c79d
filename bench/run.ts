// `npm run bench`: runs every benchmark file in this folder (or those named on the command line,
// e.g. `tsx bench/run.ts sync`) one after the other and prints one table of their figures.
// A benchmark file exports `run<Name>Bench()` (or a default function) answering rows of
// { benchmark, figure, detail }.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchRow {
  benchmark: string;
  figure: string;
  detail: string;
}

export type Benchmark = () => Promise<BenchRow[]>;

const here = fileURLToPath(new URL('.', import.meta.url));
const COLUMNS: readonly (keyof BenchRow)[] = ['benchmark', 'figure', 'detail'];

function benchFiles(only: readonly string[]): string[] {
  return readdirSync(here)
    .filter((name) => /^[a-z0-9-]+\.ts$/.test(name) && name !== 'run.ts')
    .filter((name) => only.length === 0 || only.includes(name.replace(/\.ts$/, '')))
    .sort();
}

/** The benchmark functions a module exports. */
function benchmarksOf(module: Record<string, unknown>): Benchmark[] {
  return Object.entries(module)
    .filter(
      ([name, value]) =>
        (name === 'default' || /^run\w*Bench$/.test(name)) && typeof value === 'function',
    )
    .map(([, value]) => value as Benchmark);
}

export function formatTable(rows: readonly BenchRow[]): string {
  const header: BenchRow = { benchmark: 'benchmark', figure: 'figure', detail: 'detail' };
  const widths = COLUMNS.map((key) => Math.max(...[header, ...rows].map((row) => row[key].length)));
  const line = (row: BenchRow) =>
    `| ${COLUMNS.map((key, i) => row[key].padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const files = benchFiles(process.argv.slice(2));
  if (files.length === 0) throw new Error('No benchmark file matches the names given.');
  const rows: BenchRow[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(here + file).href)) as Record<string, unknown>;
    const benchmarks = benchmarksOf(module);
    if (benchmarks.length === 0) throw new Error(`bench/${file} exports no run…Bench function.`);
    for (const benchmark of benchmarks) {
      process.stderr.write(`Running bench/${file}…\n`);
      rows.push(...(await benchmark()));
    }
  }
  process.stdout.write(`${formatTable(rows)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
