// Browser-side ordering for client-mode lists, by column kind, so a small table sorts the way the
// server sorts a big one: versions by their padded sort key (1.10 after 1.9), dates by instant,
// numbers numerically, and empty values last whichever the direction.
import {
  toEpochMs,
  versionColumnKey,
  type ColumnKind,
  type ListColumn,
  type SortKey,
} from '../../../domain';
import { rowValue } from './cellText';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Compares two non-empty values of a column kind (ascending). */
export function compareByKind(a: unknown, b: unknown, kind: ColumnKind): number {
  switch (kind) {
    case 'number':
      return Number(a) - Number(b);
    case 'boolean':
      return Number(Boolean(a)) - Number(Boolean(b));
    case 'datetime': {
      const x = toEpochMs(a as string) ?? 0;
      const y = toEpochMs(b as string) ?? 0;
      return x - y;
    }
    case 'version': {
      const x = versionColumnKey(String(a)) ?? '';
      const y = versionColumnKey(String(b)) ?? '';
      return x < y ? -1 : x > y ? 1 : 0;
    }
    default:
      // 'date' values are 'YYYY-MM-DD', which collate in date order as text.
      return collator.compare(String(a), String(b));
  }
}

/** The rows in sort-key order (a stable copy: ties keep their original order). */
export function sortRows<Row extends object>(
  rows: readonly Row[],
  sort: readonly SortKey[],
  columns: readonly ListColumn[],
): Row[] {
  const keys = sort.flatMap((key) => {
    const column = columns.find((c) => c.id === key.id);
    return column ? [{ column, desc: key.desc }] : [];
  });
  if (keys.length === 0) return [...rows];
  return [...rows].sort((rowA, rowB) => {
    for (const { column, desc } of keys) {
      const a = rowValue(rowA, column);
      const b = rowValue(rowB, column);
      const emptyA = isEmpty(a);
      const emptyB = isEmpty(b);
      if (emptyA || emptyB) {
        if (emptyA && emptyB) continue;
        return emptyA ? 1 : -1; // empty values last in both directions
      }
      const order = compareByKind(a, b, column.kind);
      if (order !== 0) return desc ? -order : order;
    }
    return 0;
  });
}
