// The filter language under 10^5 random expressions on PostgreSQL
// (docs/security.md "Limits and bad input"): the same cases as
// src/server/db/lists/filter-fuzz.test.ts (domain grammar, marked grammar, raw and adversarial
// text), each parsed, compiled and run as a list page (count + page) against the orgs, licenses and
// upgrade-jobs sources of a fresh, migrated (empty) database. Reports the expressions, typed parse
// errors, executed, failures (must be 0), wall time and p95 per expression. BENCH_DATABASE_URL
// names the server (default the local one); FILTER_FUZZ_COUNT and FILTER_FUZZ_SEED change the run.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  emptyStats,
  percentile,
  runFilterFuzz,
} from '../src/server/db/lists/testing/filter-fuzz-run';
import { formatTable, type BenchRow } from './run';
import { serverDatabase } from './support/processes';

const COUNT = Number(process.env.FILTER_FUZZ_COUNT ?? '') || 100_000;
const PARALLEL = 4;
const SEED = Number(process.env.FILTER_FUZZ_SEED ?? '') || 20_241_114;

export async function runFilterFuzzBench(): Promise<BenchRow[]> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const testDb = await serverDatabase(url);
  try {
    const stats = emptyStats();
    const started = performance.now();
    await runFilterFuzz(testDb.db, COUNT, SEED, stats, PARALLEL);
    const wall = (performance.now() - started) / 1000;
    for (const failure of stats.failures.slice(0, 20)) process.stderr.write(`${failure}\n`);
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    return [
      {
        benchmark: 'filter fuzz: expressions',
        figure: String(stats.expressions),
        detail: `seed ${SEED}, PostgreSQL, ${PARALLEL} at a time`,
      },
      {
        benchmark: 'filter fuzz: parse errors (typed)',
        figure: String(stats.parseErrors),
        detail: 'FilterSyntaxError, answered as 400 by the list routes',
      },
      {
        benchmark: 'filter fuzz: executed',
        figure: String(stats.executed),
        detail: 'count + page of a list, values as $n parameters',
      },
      {
        benchmark: 'filter fuzz: failures',
        figure: String(stats.failures.length),
        detail: 'untyped error, SQL error, or a literal in the SQL text (must be 0)',
      },
      {
        benchmark: 'filter fuzz: wall time',
        figure: `${wall.toFixed(1)} s`,
        detail: `${Math.round(stats.expressions / wall)} expressions/s`,
      },
      {
        benchmark: 'filter fuzz: per expression',
        figure: `p95 ${ms(percentile(stats.durations, 95))}`,
        detail: `p50 ${ms(percentile(stats.durations, 50))}, max ${ms(percentile(stats.durations, 100))}`,
      },
    ];
  } finally {
    await testDb.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runFilterFuzzBench();
  process.stdout.write(`${formatTable(rows)}\n`);
}
