// Picks the records a query must look at. A top-level equality or IN on the Id goes straight
// to byId; on another reference or text field it asks the source's optional index; a top-level
// range (>, >=, <, <=) on a datetime field asks the source's optional range index (incremental
// reads by SystemModstamp); of the first indexed equality and the ranges, the smallest answer wins;
// anything else scans the object. Candidates are a superset: the caller still applies the whole WHERE clause, so a fast
// path can only make a query faster, never change its answer.

import type { SoqlCondition, SoqlFieldRef } from './ast';
import { dateLiteralRange } from './date-literals';
import { idSpellings, keyKindOf } from './keys';
import type { Resolver } from './resolve';
import type { SoqlObjectSchema, SoqlRecord } from './source';
import { MS_PER_DAY, parseDateText } from './temporal';

interface Equality {
  readonly field: SoqlFieldRef;
  readonly values: readonly string[];
}

/** `Field = 'x'` or `Field IN ('x', 'y')` on a field of the queried object itself. */
function equalityOf(condition: SoqlCondition): Equality | undefined {
  if (condition.kind === 'compare' && condition.operator === '=') {
    const value = condition.value;
    if (value.kind === 'string') return { field: condition.field, values: [value.value] };
  }
  if (condition.kind === 'in' && !condition.negated) {
    const values: string[] = [];
    for (const value of condition.values) {
      if (value.kind !== 'string') return undefined;
      values.push(value.value);
    }
    return { field: condition.field, values };
  }
  return undefined;
}

/** `Field > literal` and the like: the instants [lowMs, highMs] a datetime field may hold. */
function rangeOf(
  condition: SoqlCondition,
  now: Date,
): { field: SoqlFieldRef; lowMs: number; highMs: number } | undefined {
  if (condition.kind !== 'compare' || condition.field.path.length !== 1) return undefined;
  const { operator, value } = condition;
  let span: { startMs: number; endMs: number } | undefined;
  if (value.kind === 'datetime') span = { startMs: value.epochMs, endMs: value.epochMs };
  else if (value.kind === 'dateLiteral') span = dateLiteralRange(value, now);
  else if (value.kind === 'date') {
    const startMs = parseDateText(value.text);
    if (startMs !== null) span = { startMs, endMs: startMs + MS_PER_DAY };
  }
  if (!span) return undefined;
  // Inclusive bounds on both sides keep it a superset whatever the operator.
  if (operator === '>' || operator === '>=')
    return { field: condition.field, lowMs: span.startMs, highMs: Infinity };
  if (operator === '<' || operator === '<=')
    return { field: condition.field, lowMs: -Infinity, highMs: span.endMs };
  return undefined;
}

function sizeOf(records: Iterable<SoqlRecord>): number {
  return Array.isArray(records) ? records.length : Infinity;
}

export function candidateRecords(
  object: SoqlObjectSchema,
  where: SoqlCondition | null,
  resolver: Resolver,
  now: Date,
): Iterable<SoqlRecord> {
  const source = resolver.source;
  const conjuncts = where === null ? [] : where.kind === 'and' ? where.operands : [where];
  let best: Iterable<SoqlRecord> | undefined;
  let equalityFound = false;
  const offer = (records: Iterable<SoqlRecord> | undefined): void => {
    if (records !== undefined && (best === undefined || sizeOf(records) < sizeOf(best)))
      best = records;
  };
  for (const conjunct of conjuncts) {
    const range = rangeOf(conjunct, now);
    if (range) {
      const field = resolver.field(object, range.field).field;
      if (field.type === 'datetime')
        offer(source.range?.(object.name, field.name, range.lowMs, range.highMs));
      continue;
    }
    const equality = equalityOf(conjunct);
    // One equality index is enough (each index costs a scan to build on first use).
    if (!equality || equality.field.path.length !== 1 || equalityFound) continue;
    const field = resolver.field(object, equality.field).field;
    const kind = keyKindOf(field.type);
    let values = [...new Set(equality.values)];
    if (kind === 'id') {
      // Stored Ids have 18 characters; a 15-character literal can only be matched by a scan.
      if (!values.every((value) => value.length === 18)) continue;
      if (field.type === 'id' && field.name === 'Id')
        return fetchByIds(object.name, values, resolver);
      values = [...new Set(values.flatMap(idSpellings))];
    } else if (kind !== 'text') {
      continue;
    }
    const indexed = source.lookup?.(object.name, field.name, values);
    equalityFound = indexed !== undefined;
    offer(indexed);
  }
  return best ?? source.records(object.name);
}

function fetchByIds(objectName: string, ids: readonly string[], resolver: Resolver): SoqlRecord[] {
  const found = new Map<unknown, SoqlRecord>();
  for (const id of ids) {
    for (const spelling of idSpellings(id)) {
      const record = resolver.source.byId(objectName, spelling);
      if (record) {
        // Keyed by the stored Id, so two spellings of one record yield it once.
        found.set(record['Id'] ?? spelling, record);
        break;
      }
    }
  }
  return [...found.values()];
}
