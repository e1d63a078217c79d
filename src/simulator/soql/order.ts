// ORDER BY: several keys, ASC/DESC, NULLS FIRST/LAST (Salesforce's default is nulls first
// in either direction), text sorted case-insensitively. Sort keys are read once per record
// into one array per column; ties fall back to the source's order, so results are stable.
// With a LIMIT only the first OFFSET + LIMIT rows are needed: a bounded heap finds them in
// O(n log k) instead of sorting a million records.

import type { SoqlFieldRef, SoqlOrderKey } from './ast';
import { keyKindOf, keyOfValue, type Key } from './keys';
import type { ResolvedField } from './resolve';
import type { SoqlRecord } from './source';

interface Column {
  readonly sortKey: (record: SoqlRecord) => Key | null;
  readonly direction: 1 | -1;
  readonly nullsFirst: boolean;
}

/** Returns the first `count` records in order (all of them when count is Infinity). */
export type Sorter = (records: readonly SoqlRecord[], count: number) => SoqlRecord[];

/** Resolves (and so validates) the ORDER BY fields now; sorts later. */
export function compileOrderBy(
  orderBy: readonly SoqlOrderKey[],
  resolve: (ref: SoqlFieldRef) => ResolvedField,
): Sorter {
  const columns: Column[] = orderBy.map((key) => {
    const resolved = resolve(key.field);
    const keyOf = keyOfValue(keyKindOf(resolved.field.type));
    const read = resolved.read;
    return {
      sortKey: (record) => keyOf(read(record)),
      direction: key.direction === 'DESC' ? -1 : 1,
      nullsFirst: key.nulls === 'FIRST',
    };
  });
  return (records, count) => {
    const keys = columns.map((column) => records.map(column.sortKey));
    const compare = (a: number, b: number): number => {
      for (let c = 0; c < columns.length; c++) {
        const column = columns[c] as Column;
        const values = keys[c] as (Key | null)[];
        const order = compareKeys(values[a] ?? null, values[b] ?? null, column);
        if (order !== 0) return order;
      }
      return a - b;
    };
    const order =
      count < records.length / 8
        ? firstInOrder(records.length, count, compare)
        : sortAll(records.length, compare);
    return order.map((index) => records[index] as SoqlRecord);
  };
}

function compareKeys(a: Key | null, b: Key | null, column: Column): number {
  if (a === b) return 0;
  if (a === null) return column.nullsFirst ? -1 : 1;
  if (b === null) return column.nullsFirst ? 1 : -1;
  return (a < b ? -1 : a > b ? 1 : 0) * column.direction;
}

function sortAll(length: number, compare: (a: number, b: number) => number): number[] {
  return Array.from({ length }, (_, index) => index).sort(compare);
}

/** The first `count` indices in order, through a max-heap of the best `count` seen so far. */
function firstInOrder(
  length: number,
  count: number,
  compare: (a: number, b: number) => number,
): number[] {
  const heap: number[] = [];
  const at = (i: number) => heap[i] as number;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [at(j), at(i)]);
  for (let index = 0; index < length && count > 0; index++) {
    if (heap.length < count) {
      heap.push(index);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (compare(at(i), at(parent)) <= 0) break;
        swap(i, parent);
        i = parent;
      }
    } else if (compare(index, at(0)) < 0) {
      heap[0] = index;
      for (let i = 0; ;) {
        const [left, right] = [2 * i + 1, 2 * i + 2];
        let largest = i;
        if (left < heap.length && compare(at(left), at(largest)) > 0) largest = left;
        if (right < heap.length && compare(at(right), at(largest)) > 0) largest = right;
        if (largest === i) break;
        swap(i, largest);
        i = largest;
      }
    }
  }
  return heap.sort(compare);
}
