// The filter-language fuzz (docs/security.md "Limits and bad input"), shared by filter-fuzz.test.ts
// (10^4 expressions in CI) and bench/filter-fuzz.ts (10^5 on PostgreSQL): random expressions — from
// the domain's own grammar generator, from a grammar whose every literal carries a random marker,
// raw random text and adversarial text — parsed and bound by the domain, compiled by the SQL back
// end and run as a real list page (count + page) against the orgs, licenses and upgrade-jobs
// sources.
// What counts as a failure: an error other than FilterSyntaxError while parsing or binding; any
// error while executing; the marker (so a literal of the input) in the SQL text; a text literal's
// marker missing from the parameters.
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import {
  compileFilters,
  FilterSyntaxError,
  LICENSE_LIST,
  ORG_LIST,
  UPGRADE_JOB_LIST,
  type ColumnKind,
  type FilterColumn,
  type FilterContext,
  type ListDefinition,
} from '../../../../domain';
import { scenario } from '../../../../domain/filter/testing/filter-arbitraries';
import type { Database } from '../../database';
import { LICENSE_SOURCE } from '../license-source';
import { narrowFewValues } from '../few-values';
import { queryListPage } from '../list-query';
import type { ListSource } from '../list-source';
import { ORG_SOURCE } from '../org-sources';
import { NO_SCOPE } from '../sql-builder';
import { UPGRADE_JOB_SOURCE } from '../upgrade-sources';

interface Target {
  readonly name: string;
  readonly list: ListDefinition;
  readonly source: ListSource;
  readonly columns: readonly FilterColumn[];
}

function target(name: string, list: ListDefinition, source: ListSource): Target {
  const columns = list.columns.flatMap((column) => {
    const sql = source.columns[column.id];
    return sql === undefined ? [] : [{ ...column, sql }];
  });
  return { name, list, source, columns };
}

export const FUZZ_TARGETS: readonly Target[] = [
  target('orgs', ORG_LIST, ORG_SOURCE),
  target('licenses', LICENSE_LIST, LICENSE_SOURCE),
  target('upgrade jobs', UPGRADE_JOB_LIST, UPGRADE_JOB_SOURCE),
];

export interface FuzzCase {
  readonly origin: 'grammar' | 'marked' | 'raw' | 'adversarial';
  readonly target: number;
  /** Column id, or a kind to pick a column of (domain grammar cases are written per kind). */
  readonly column: string;
  readonly input: string;
  /** Lowercase letters every literal of a marked or adversarial expression contains. */
  readonly marker: string | null;
}

const markerArb = fc
  .string({ unit: fc.constantFrom(...'bcdfghjkmnpqrstvwxz'), minLength: 10, maxLength: 10 })
  .map((letters) => `zq${letters}`);

const ADVERSARIAL = [
  "'; DROP TABLE org; --",
  "' OR '1'='1",
  '$1',
  '$$',
  '\\',
  "\\'",
  "''",
  '"',
  '\u0000',
  '%_',
  '*/ SELECT pg_sleep(1) /*',
  'é😀\u0301',
  'ǅİı',
  '\ufffd\ud800',
  ')))',
  '(((',
  '#TODAY',
  '&& ||',
  "E'\\x41'",
  ';',
];

const quote = (text: string) => `'${text.split("'").join("''")}'`;
const dquote = (text: string) => `"${text.split('"').join('""')}"`;

/** A literal carrying the marker, in every written form. */
function markedLeaf(marker: string): fc.Arbitrary<string> {
  const text = fc.string({ maxLength: 6 }).map((s) => `${marker}${s}`);
  const bare = fc
    .string({ unit: fc.constantFrom(...'abc019._-@'), maxLength: 6 })
    .map((s) => `${marker}${s}`);
  return fc.oneof(
    bare,
    text.map(quote),
    text.map(dquote),
    text.map((t) => `$${quote(t)}`),
    text.map((t) => `${quote(t)}$`),
    fc
      .tuple(fc.constantFrom('<', '<=', '>', '>=', '#'), text)
      .map(([op, t]) => `${op} ${quote(t)}`),
    fc.constantFrom(...ADVERSARIAL).map((a) => quote(`${a}${marker}`)),
  );
}

function markedExpression(marker: string): fc.Arbitrary<string> {
  const leaf = fc.oneof(
    { arbitrary: markedLeaf(marker), weight: 6 },
    { arbitrary: fc.constantFrom('?', '!?', '#ME', '#TODAY', '> #LAST_3_DAYS'), weight: 1 },
  );
  const { expression } = fc.letrec<{ expression: string }>((tie) => ({
    expression: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc
        .tuple(tie('expression'), fc.constantFrom(' ', ', ', ' || ', ' && '), tie('expression'))
        .map(([a, op, b]) => `(${a}${op}${b})`),
      tie('expression').map((e) => `!${e}`),
    ),
  }));
  return expression;
}

const KINDS_OF_TARGETS = FUZZ_TARGETS.map((t) => new Set<ColumnKind>(t.columns.map((c) => c.kind)));

const anyColumn = fc.nat({ max: FUZZ_TARGETS.length - 1 }).chain((index) =>
  fc.record({
    target: fc.constant(index),
    column: fc.constantFrom(...FUZZ_TARGETS[index]!.columns.map((c) => c.id)),
  }),
);

let pool: { kind: ColumnKind; input: string }[] | undefined;
function grammarPool() {
  pool ??= fc
    .sample(scenario, { numRuns: 40, seed: 42 })
    .flatMap((s) => s.filters)
    .filter((f) => KINDS_OF_TARGETS.some((kinds) => kinds.has(f.kind)));
  return pool;
}

/** The mix of expressions: a third from the domain's grammar, a third marked, the rest raw and adversarial. */
export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.oneof(
  {
    weight: 3,
    // Sampling the domain's scenarios is slow (each also makes rows), so a pool of their
    // filters is drawn once and reused.
    arbitrary: fc
      .constant(null)
      .chain(() => fc.constantFrom(...grammarPool()))
      .chain((filter) => {
        const targets = FUZZ_TARGETS.map((_, i) => i).filter((i) =>
          KINDS_OF_TARGETS[i]!.has(filter.kind),
        );
        return fc.constantFrom(...targets).map((index): FuzzCase => ({
          origin: 'grammar',
          target: index,
          column: `kind:${filter.kind}`,
          input: filter.input,
          marker: null,
        }));
      }),
  },
  {
    weight: 3,
    arbitrary: fc.tuple(anyColumn, markerArb).chain(([where, marker]) =>
      markedExpression(marker).map((input): FuzzCase => ({
        origin: 'marked',
        ...where,
        input,
        marker,
      })),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(anyColumn, fc.string({ maxLength: 40, unit: 'binary' }))
      .map(([where, input]): FuzzCase => ({ origin: 'raw', ...where, input, marker: null })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        anyColumn,
        markerArb,
        fc.array(fc.constantFrom(...ADVERSARIAL), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('plain', 'long', 'deep'),
      )
      .map(([where, marker, pieces, shape]): FuzzCase => {
        const body = `${marker}${pieces.join(' ')}`;
        const input =
          shape === 'long'
            ? quote(`${marker}${'x'.repeat(1990)}`).slice(0, 2100) // over MAX_FILTER_LENGTH
            : shape === 'deep'
              ? `${'('.repeat(80)}${quote(body)}${')'.repeat(80)}`
              : pieces.join(marker);
        return { origin: 'adversarial', ...where, input, marker };
      }),
  },
);

export interface FuzzStats {
  expressions: number;
  parseErrors: number;
  executed: number;
  /** Milliseconds per expression (parse, compile and, when it parsed, both queries). */
  durations: number[];
  failures: string[];
}

function columnOf(fuzz: FuzzCase): FilterColumn {
  const columns = FUZZ_TARGETS[fuzz.target]!.columns;
  if (fuzz.column.startsWith('kind:')) {
    const kind = fuzz.column.slice(5);
    return columns.find((c) => c.kind === kind)!;
  }
  return columns.find((c) => c.id === fuzz.column)!;
}

const describeCase = (fuzz: FuzzCase, column: FilterColumn) =>
  `${FUZZ_TARGETS[fuzz.target]!.name}.${column.id} (${column.kind}, ${fuzz.origin}) ${JSON.stringify(fuzz.input.slice(0, 200))}`;

/** Runs one expression; adds to the stats. */
export async function runFuzzCase(db: Database, fuzz: FuzzCase, stats: FuzzStats): Promise<void> {
  const started = performance.now();
  const target = FUZZ_TARGETS[fuzz.target]!;
  const column = columnOf(fuzz);
  const context: FilterContext = { now: new Date(), timeZone: 'UTC', username: 'fuzz@example.com' };
  stats.expressions++;
  const fail = (problem: string) =>
    stats.failures.push(`${describeCase(fuzz, column)}: ${problem}`);
  let compiled;
  try {
    compiled = compileFilters([{ id: column.id, value: fuzz.input }], [column], context);
  } catch (error) {
    if (error instanceof FilterSyntaxError) stats.parseErrors++;
    else fail(`unhandled ${String(error)}`);
    stats.durations.push(performance.now() - started);
    return;
  }
  const fragment = compiled.toSql(1);
  if (fuzz.marker) {
    if (fragment.text.toLowerCase().includes(fuzz.marker))
      fail(`a literal reached the SQL text: ${fragment.text.slice(0, 300)}`);
    const condition = compiled.filters[0]?.condition;
    if (
      column.kind === 'text' &&
      condition !== undefined &&
      JSON.stringify(condition).toLowerCase().includes(fuzz.marker) &&
      !fragment.params.some((param) => param.toLowerCase().includes(fuzz.marker!))
    )
      fail(`the literal is in no parameter: ${JSON.stringify(fragment.params)}`);
  }
  try {
    const statement = {
      source: target.source,
      scope: NO_SCOPE,
      sort: target.list.defaultSort,
      filter: (first: number) => compiled.toSql(first),
      filteredColumns: [column.id],
    };
    const plain = await queryListPage(db, statement, 1, 25);
    // As the server reads it (list-service.ts): few-values filters decided on the values, "is
    // blank" on a joined record decided on its rows. Same rows.
    const decided = await narrowFewValues(db, statement, compiled.filters);
    const served = await queryListPage(db, decided, 1, 25);
    if (JSON.stringify(served?.rows) !== JSON.stringify(plain?.rows))
      fail(`decided on the values, other rows: ${JSON.stringify(served?.rows).slice(0, 300)}`);
    // As a bounded walk may test them: a joined record's filters through their sets of keys.
    if (decided.keyedWalk) {
      const { filter } = decided.keyedWalk;
      const walked = await queryListPage(db, { ...decided, filter, keyedWalk: undefined }, 1, 25);
      if (JSON.stringify(walked?.rows) !== JSON.stringify(plain?.rows))
        fail(`through the keys' sets, other rows: ${JSON.stringify(walked?.rows).slice(0, 300)}`);
    }
    stats.executed++;
  } catch (error) {
    fail(`execution failed: ${String(error)} — SQL ${fragment.text.slice(0, 300)}`);
  }
  stats.durations.push(performance.now() - started);
}

export function emptyStats(): FuzzStats {
  return { expressions: 0, parseErrors: 0, executed: 0, durations: [], failures: [] };
}

/**
 * Runs `count` expressions (sampled with `seed`, in batches so memory stays flat), `parallel` at a
 * time: a PostgreSQL pool runs several statements at once; PGlite has one connection.
 */
export async function runFilterFuzz(
  db: Database,
  count: number,
  seed: number,
  stats: FuzzStats = emptyStats(),
  parallel = 1,
): Promise<FuzzStats> {
  const batch = 1000;
  for (let done = 0; done < count; done += batch) {
    const cases = fc.sample(fuzzCase, {
      numRuns: Math.min(batch, count - done),
      seed: seed + done,
    });
    let next = 0;
    const worker = async () => {
      while (next < cases.length) await runFuzzCase(db, cases[next++]!, stats);
    };
    await Promise.all(Array.from({ length: parallel }, worker));
  }
  return stats;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
