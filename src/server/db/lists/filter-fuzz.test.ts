// The filter language under fuzz (docs/security.md "Limits and bad input"): 10^4 random expressions
// (the domain's grammar generator, marked grammar, raw text, adversarial text —
// testing/filter-fuzz-run.ts) go through the parser and binder, the SQL back end and a real list
// page on PostgreSQL, against the orgs, licenses and upgrade-jobs sources. Nothing may throw but
// FilterSyntaxError, nothing may fail to execute, and no literal of the input may reach the SQL
// text (every literal of a marked expression carries a random marker that must appear only in the
// parameters).
// Without TEST_DATABASE_URL the PostgreSQL run is skipped (said so below) and a smaller PGlite run
// checks the same things. bench/filter-fuzz.ts runs 10^5 on PostgreSQL and reports timings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { emptyStats, runFilterFuzz, type FuzzStats } from './testing/filter-fuzz-run';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const COUNT = Number(process.env.FUZZ_RUNS ?? '') || (ON_POSTGRES ? 10_000 : 1_000);
const SEED = Number(process.env.FUZZ_SEED ?? '') || 20_241_114;

if (!ON_POSTGRES)
  console.log(
    `filter fuzz: TEST_DATABASE_URL is unset, so the 10^4 run on PostgreSQL is skipped; running ${COUNT} expressions on PGlite instead`,
  );

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.drop());

function summary(stats: FuzzStats): string {
  return `filter fuzz on ${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'}: ${stats.expressions} expressions, ${stats.parseErrors} parse errors (typed), ${stats.executed} executed, ${stats.failures.length} failures`;
}

describe('the filter language under random input', () => {
  it(`parses, compiles and runs ${COUNT} random expressions with typed errors only and values only as parameters`, async () => {
    const stats = await runFilterFuzz(testDb.db, COUNT, SEED, emptyStats(), ON_POSTGRES ? 4 : 1);
    console.log(summary(stats));
    expect(stats.failures.slice(0, 20)).toEqual([]);
    expect(stats.expressions).toBe(COUNT);
    // The mix reaches both sides: many expressions run as SQL, and many are refused as typed errors.
    expect(stats.executed).toBeGreaterThan(COUNT / 4);
    expect(stats.parseErrors).toBeGreaterThan(COUNT / 20);
  }, 600_000);
});
