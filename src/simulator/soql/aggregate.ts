// Aggregate queries: `SELECT COUNT(Id) FROM …` and `SELECT Status, COUNT(Id) n FROM … GROUP BY
// Status`. Each group becomes one AggregateResult row, as the REST API returns them:
//   { attributes: { type: 'AggregateResult' }, Status: 'Failed', n: 3 }
// Grouped fields appear under their last path segment; unaliased functions are expr0, expr1, …
// Without GROUP BY there is exactly one row, even when nothing matched (COUNT is then 0).

import type { SoqlAggregateFunction, SoqlAggregateItem, SoqlFieldRef } from './ast';
import { soqlErrorAt } from './errors';
import { keyKindOf, keyOfValue, type Key } from './keys';
import type { ParsedSoql } from './parser';
import type { ResolvedField } from './resolve';
import type { SoqlOutputRow, SoqlRecord } from './source';

export interface AggregateColumn {
  /** The row's key: the grouped field's name, the alias, or exprN. */
  readonly name: string;
  readonly item: SoqlAggregateItem;
  readonly field: ResolvedField;
}

export interface AggregatePlan {
  readonly columns: readonly AggregateColumn[];
  /** Groups in first-seen order of the records given, one row each. */
  readonly rows: (records: readonly SoqlRecord[]) => SoqlOutputRow[];
}

const NUMERIC = new Set(['int', 'double', 'currency', 'percent']);

type KeyOf = (value: unknown) => Key | null;

export function compileAggregate(
  items: readonly SoqlAggregateItem[],
  groupBy: readonly SoqlFieldRef[],
  resolve: (ref: SoqlFieldRef) => ResolvedField,
  parsed: ParsedSoql,
): AggregatePlan {
  const at = (node: object): number => parsed.positions.get(node) ?? 0;
  const grouped = groupBy.map(resolve);
  const groupedPaths = new Set(grouped.map((g) => g.canonicalPath.toLowerCase()));
  let expr = 0;
  const columns = items.map((item): AggregateColumn & { keyOf: KeyOf } => {
    const field = resolve(item.field);
    const keyOf = keyOfValue(keyKindOf(field.field.type));
    if (item.kind === 'group') {
      if (!groupedPaths.has(field.canonicalPath.toLowerCase())) {
        throw soqlErrorAt(
          'MALFORMED_QUERY',
          parsed.text,
          at(item.field),
          `Field must be grouped or aggregated: ${field.field.name}`,
        );
      }
      return { name: field.field.name, item, field, keyOf };
    }
    if ((item.fn === 'SUM' || item.fn === 'AVG') && !NUMERIC.has(field.field.type)) {
      throw soqlErrorAt(
        'MALFORMED_QUERY',
        parsed.text,
        at(item),
        `field ${field.field.name} does not support aggregate operator ${item.fn}`,
      );
    }
    return { name: item.alias ?? `expr${expr++}`, item, field, keyOf };
  });
  const groupKeys = grouped.map((g) => {
    const keyOf = keyOfValue(keyKindOf(g.field.type));
    return (record: SoqlRecord) => JSON.stringify(keyOf(g.read(record)));
  });

  return {
    columns,
    rows: (records) => {
      const groups = new Map<string, SoqlRecord[]>();
      if (grouped.length === 0) groups.set('', [...records]);
      for (const record of grouped.length === 0 ? [] : records) {
        const key = groupKeys.map((k) => k(record)).join('\u0000');
        const members = groups.get(key);
        if (members) members.push(record);
        else groups.set(key, [record]);
      }
      return [...groups.values()].map((members) => {
        const row: SoqlOutputRow = { attributes: { type: 'AggregateResult' } };
        for (const column of columns) {
          row[column.name] =
            column.item.kind === 'group'
              ? ((members[0] ? column.field.read(members[0]) : null) ?? null)
              : apply(column.item.fn, members.map(column.field.read), column.keyOf);
        }
        return row;
      });
    },
  };
}

/** MIN and MAX compare as filters do (text case-insensitively, datetimes as instants). */
function apply(fn: SoqlAggregateFunction, values: readonly unknown[], keyOf: KeyOf): unknown {
  const present = values.filter((v) => v !== null && v !== undefined && v !== '');
  switch (fn) {
    case 'COUNT':
      return present.length;
    case 'COUNT_DISTINCT':
      return new Set(present.map(keyOf)).size;
    case 'SUM':
      return present.length === 0 ? null : present.reduce<number>((s, v) => s + Number(v), 0);
    case 'AVG':
      return present.length === 0
        ? null
        : present.reduce<number>((s, v) => s + Number(v), 0) / present.length;
    case 'MIN':
    case 'MAX': {
      let best: { value: unknown; key: Key } | undefined;
      for (const value of present) {
        const key = keyOf(value);
        if (key === null) continue;
        if (!best || (fn === 'MIN' ? key < best.key : key > best.key)) best = { value, key };
      }
      return best ? best.value : null;
    }
  }
}
