// Orgs a fetch has already written. An org with several packages appears once per package; after
// the first package wrote it, the others skip the org upsert when its data is the same (most of
// the 800 000 subscriber rows at scale), and only write its installed version.
import type { SubscriberRow } from '../db/repositories/subscribers';
import { dateTimeMs } from './record-values';

const signature = (row: SubscriberRow) =>
  [row.name, row.instance, row.parentOrgId, row.isSandbox, row.type].join('\u0000');
const modifiedMs = (row: SubscriberRow) =>
  row.modifiedDate ? dateTimeMs(row.modifiedDate) : Number.NEGATIVE_INFINITY;

export class WrittenOrgs {
  private readonly written = new Map<string, { signature: string; modifiedMs: number }>();

  /** True when this run already stored the org with this data and a modification as recent. */
  isCurrent(row: SubscriberRow): boolean {
    const known = this.written.get(row.orgId);
    return (
      known !== undefined &&
      known.signature === signature(row) &&
      modifiedMs(row) <= known.modifiedMs
    );
  }

  /** Rows whose transaction has committed (only then may later pages skip their org). */
  remember(rows: readonly SubscriberRow[]): void {
    for (const row of rows) {
      const known = this.written.get(row.orgId);
      const sig = signature(row);
      const ms = modifiedMs(row);
      this.written.set(row.orgId, {
        signature: sig,
        modifiedMs: known?.signature === sig ? Math.max(known.modifiedMs, ms) : ms,
      });
    }
  }
}
