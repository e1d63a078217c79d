// Runs a query: parse, resolve and compile everything up front (so errors never depend on the
// data), then one pass over the candidate records. Without ORDER BY the pass stops as soon as
// OFFSET + LIMIT rows have matched. Result rows are built only when asked for, a page at a
// time, which is what the REST layer's queryMore paging wants on a million records.

import { compileAggregate, type AggregatePlan } from './aggregate';
import type { SoqlFieldRef, SoqlQuery } from './ast';
import { candidateRecords } from './candidates';
import { compileCondition, type CompileEnv, type Predicate } from './compile';
import { soqlErrorAt } from './errors';
import { idKey, keyKindOf } from './keys';
import { compileOrderBy, type Sorter } from './order';
import { parseSoqlWithPositions, type ParsedSoql } from './parser';
import { Resolver, type ResolvedField } from './resolve';
import { compileRowBuilder } from './rows';
import type {
  SoqlContext,
  SoqlObjectSchema,
  SoqlOutputRow,
  SoqlRecord,
  SoqlResult,
  SoqlSource,
} from './source';

/** A query's matched records, with result rows built on demand. */
export interface SoqlCursor {
  /** Canonical object name. */
  readonly objectName: string;
  readonly isCount: boolean;
  /** Matching rows after OFFSET/LIMIT (for COUNT(): the count). */
  readonly totalSize: number;
  /** Result rows [start, end) in REST shape (empty for COUNT()); defaults to all of them.
   *  Parent records are read when the page is built. */
  rows(start?: number, end?: number): SoqlOutputRow[];
}

interface CompiledQuery {
  readonly object: SoqlObjectSchema;
  readonly selected: readonly ResolvedField[];
  /** Set for aggregate queries: the rows are groups, not records. */
  readonly aggregate: AggregatePlan | null;
  readonly predicate: Predicate | null;
  readonly sort: Sorter | null;
  readonly whereAst: SoqlQuery['where'];
}

/** Parses, validates and runs `text`; throws SoqlError for anything Salesforce would reject. */
export function openSoqlCursor(text: string, source: SoqlSource, ctx: SoqlContext): SoqlCursor {
  const parsed = parseSoqlWithPositions(text);
  const resolver = new Resolver(source, text, parsed.positions);
  const { query } = parsed;
  const compiled = compileQuery(query, parsed, resolver, ctx);
  const offset = query.offset ?? 0;
  const end = offset + (query.limit ?? Infinity);
  if (compiled.aggregate !== null) return aggregateCursor(compiled, resolver, ctx.now, offset, end);
  // Without ORDER BY the first matches are the answer, so the scan can stop early.
  const stopAfter = compiled.sort === null ? end : Infinity;
  let matched = scan(
    compiled,
    candidateRecords(compiled.object, query.where, resolver, ctx.now),
    stopAfter,
  );
  if (compiled.sort !== null) matched = compiled.sort(matched, end);
  const page = matched.slice(offset, end);
  const isCount = query.select.kind === 'count';
  const buildRow = compileRowBuilder(
    compiled.object.name,
    compiled.selected,
    resolver,
    ctx.apiVersion,
  );
  return {
    objectName: compiled.object.name,
    isCount,
    totalSize: page.length,
    rows: (from = 0, to = page.length) => (isCount ? [] : page.slice(from, to).map(buildRow)),
  };
}

/** Groups every match; ORDER BY (grouped fields only) orders the groups; LIMIT counts groups. */
function aggregateCursor(
  compiled: CompiledQuery,
  resolver: Resolver,
  now: Date,
  offset: number,
  end: number,
): SoqlCursor {
  const plan = compiled.aggregate as AggregatePlan;
  const where = compiled.whereAst;
  let matched = scan(compiled, candidateRecords(compiled.object, where, resolver, now), Infinity);
  if (compiled.sort !== null) matched = compiled.sort(matched, Infinity);
  const rows = plan.rows(matched).slice(offset, end);
  return {
    objectName: 'AggregateResult',
    isCount: false,
    totalSize: rows.length,
    rows: (from = 0, to = rows.length) => rows.slice(from, to),
  };
}

/** Runs `text` and builds every result row. */
export function executeSoql(text: string, source: SoqlSource, ctx: SoqlContext): SoqlResult {
  const cursor = openSoqlCursor(text, source, ctx);
  return {
    objectName: cursor.objectName,
    totalSize: cursor.totalSize,
    isCount: cursor.isCount,
    rows: cursor.rows(),
  };
}

function scan(
  compiled: CompiledQuery,
  candidates: Iterable<SoqlRecord>,
  stopAfter: number,
): SoqlRecord[] {
  const matched: SoqlRecord[] = [];
  if (stopAfter <= 0) return matched;
  const predicate = compiled.predicate;
  for (const record of candidates) {
    if (predicate !== null && !predicate(record)) continue;
    if (matched.push(record) >= stopAfter) break;
  }
  return matched;
}

function compileQuery(
  query: SoqlQuery,
  parsed: ParsedSoql,
  resolver: Resolver,
  ctx: SoqlContext,
): CompiledQuery {
  const object = resolver.object(query.from, parsed.positions.get(query) ?? 0);
  const resolve = (ref: SoqlFieldRef) => resolver.field(object, ref);
  const selected = query.select.kind === 'fields' ? query.select.fields.map(resolve) : [];
  rejectDuplicates(query, selected, parsed);
  const aggregate =
    query.select.kind === 'aggregate'
      ? compileAggregate(query.select.items, query.select.groupBy, resolve, parsed)
      : null;
  if (query.select.kind === 'aggregate') rejectUngroupedOrder(query, parsed, resolve);
  const env: CompileEnv = {
    text: parsed.text,
    positions: parsed.positions,
    now: ctx.now,
    resolve,
    semiJoinKeys: (inner) => semiJoinKeys(inner, parsed, resolver, ctx),
  };
  return {
    object,
    selected,
    aggregate,
    whereAst: query.where,
    predicate: query.where === null ? null : compileCondition(query.where, env),
    sort: query.orderBy.length === 0 ? null : compileOrderBy(query.orderBy, resolve),
  };
}

/** An aggregate query orders its groups by grouped fields only. */
function rejectUngroupedOrder(
  query: SoqlQuery,
  parsed: ParsedSoql,
  resolve: (ref: SoqlFieldRef) => ResolvedField,
): void {
  if (query.select.kind !== 'aggregate') return;
  const grouped = new Set(query.select.groupBy.map((g) => resolve(g).canonicalPath.toLowerCase()));
  for (const key of query.orderBy) {
    const field = resolve(key.field);
    if (grouped.has(field.canonicalPath.toLowerCase())) continue;
    throw soqlErrorAt(
      'MALFORMED_QUERY',
      parsed.text,
      parsed.positions.get(key.field) ?? 0,
      `Ordered field must be grouped or aggregated: ${field.field.name}`,
    );
  }
}

/** Salesforce rejects a field selected twice, however it is spelled. */
function rejectDuplicates(
  query: SoqlQuery,
  selected: readonly ResolvedField[],
  parsed: ParsedSoql,
): void {
  if (query.select.kind !== 'fields') return;
  const seen = new Set<string>();
  selected.forEach((field, index) => {
    const path = field.canonicalPath.toLowerCase();
    if (!seen.has(path)) return void seen.add(path);
    const ref = query.select.kind === 'fields' ? query.select.fields[index] : undefined;
    throw soqlErrorAt(
      'MALFORMED_QUERY',
      parsed.text,
      (ref && parsed.positions.get(ref)) ?? 0,
      `duplicate field selected: ${field.canonicalPath}`,
    );
  });
}

/** Id keys of the single Id or reference field a semi-join subquery selects. */
function semiJoinKeys(
  inner: SoqlQuery,
  parsed: ParsedSoql,
  resolver: Resolver,
  ctx: SoqlContext,
): ReadonlySet<string> {
  const compiled = compileQuery(inner, parsed, resolver, ctx);
  const field = compiled.selected[0];
  if (field === undefined || keyKindOf(field.field.type) !== 'id') {
    const ref = inner.select.kind === 'fields' ? inner.select.fields[0] : undefined;
    throw soqlErrorAt(
      'INVALID_FIELD',
      parsed.text,
      (ref && parsed.positions.get(ref)) ?? 0,
      `The selected field '${field?.canonicalPath ?? ''}' in a semi-join subquery must be an Id or reference field`,
    );
  }
  const keys = new Set<string>();
  // Every record's value of a field of the object itself: the source's distinct values, when it
  // keeps them, are the same keys without reading each record.
  const distinct =
    inner.where === null && field.hops.length === 0
      ? resolver.source.distinctValues?.(compiled.object.name, field.field.name)
      : undefined;
  if (distinct !== undefined) {
    for (const value of distinct) keys.add(idKey(value));
    return keys;
  }
  const candidates = candidateRecords(compiled.object, inner.where, resolver, ctx.now);
  for (const record of scan(compiled, candidates, Infinity)) {
    const value = field.read(record);
    if (typeof value === 'string' && value !== '') keys.add(idKey(value));
  }
  return keys;
}
