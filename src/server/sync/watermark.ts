// Incremental reads that cannot miss a record modified in the same second as the last one seen.
// Salesforce stamps records with second precision, so "modified > newest stored" skips a record
// written in that second after the previous read. We query ">= mark" instead and skip only the
// records whose id was stored at exactly the mark.
import type { Watermark } from '../db/repositories/watermarks';
import { soqlDateTime } from '../salesforce/soql';

export class WatermarkTracker {
  private readonly seenAtMark: ReadonlySet<string>;
  private maxMs: number;
  private idsAtMax: Set<string>;
  private moved = false;

  constructor(private readonly previous: Watermark | undefined) {
    this.seenAtMark = new Set(previous?.idsAtMark ?? []);
    this.maxMs = previous?.modifiedAtMs ?? Number.NEGATIVE_INFINITY;
    this.idsAtMax = new Set(previous?.idsAtMark ?? []);
  }

  /** The WHERE condition of an incremental read, or undefined for a full read. */
  condition(field: string): string | undefined {
    return this.previous
      ? `${field} >= ${soqlDateTime(new Date(this.previous.modifiedAtMs))}`
      : undefined;
  }

  /** False for a record already stored at the mark (same id, same modification time). */
  isNew(id: string, modifiedMs: number): boolean {
    return !(this.previous && modifiedMs === this.previous.modifiedAtMs && this.seenAtMark.has(id));
  }

  observe(id: string, modifiedMs: number): void {
    if (modifiedMs > this.maxMs) {
      this.maxMs = modifiedMs;
      this.idsAtMax = new Set([id]);
      this.moved = true;
    } else if (modifiedMs === this.maxMs && !this.idsAtMax.has(id)) {
      this.idsAtMax.add(id);
      this.moved = true;
    }
  }

  /** The mark to store when something new was observed since the last call. */
  takeChange(): Watermark | undefined {
    if (!this.moved) return undefined;
    this.moved = false;
    return { modifiedAtMs: this.maxMs, idsAtMark: [...this.idsAtMax] };
  }
}
