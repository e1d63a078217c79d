// A sorted index of one datetime field, for range filters such as the incremental reads
// `WHERE SystemModstamp > <watermark>`: built by one pass over the table, then each range is two
// binary searches instead of regenerating every record. Instants are kept as numbers (8 bytes a
// record) sorted together with the record's table index. Records written after the build are the
// table's business (it tracks them apart); this index only ever describes the build-time rows.
import { datetimeKeyOfValue } from '../soql/temporal';

/** A datetime key ('YYYY-MM-DDTHH:mm:ss.SSS+0000', or a one-character sentinel) as epoch ms. */
export function keyToMs(key: string): number {
  if (key.length !== 28) return key < '0' ? -Infinity : Infinity;
  return Date.parse(`${key.slice(0, 23)}Z`);
}

/** A stored datetime value as epoch ms; NaN when absent or unreadable (such rows never match). */
export function valueToMs(value: unknown): number {
  const key = datetimeKeyOfValue(value);
  return key === null ? Number.NaN : keyToMs(key);
}

export class DatetimeRangeIndex {
  private readonly times: Float64Array;
  private readonly indexes: Int32Array;

  constructor(entries: Iterable<readonly [number, unknown]>) {
    const times: number[] = [];
    const indexes: number[] = [];
    for (const [index, value] of entries) {
      const ms = valueToMs(value);
      if (Number.isNaN(ms)) continue;
      times.push(ms);
      indexes.push(index);
    }
    // Sorting a typed permutation is about 3x quicker than sorting [time, index] pairs (1M rows).
    const order = Uint32Array.from(times.keys());
    order.sort((a, b) => (times[a] as number) - (times[b] as number) || a - b);
    this.times = Float64Array.from(order, (k) => times[k] as number);
    this.indexes = Int32Array.from(order, (k) => indexes[k] as number);
  }

  /** Table indexes whose instant lies in [lowMs, highMs], in no particular order. */
  between(lowMs: number, highMs: number): Int32Array {
    return this.indexes.subarray(this.firstAtLeast(lowMs), this.firstAbove(highMs));
  }

  private firstAtLeast(ms: number): number {
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.times[mid] as number) < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private firstAbove(ms: number): number {
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.times[mid] as number) <= ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
