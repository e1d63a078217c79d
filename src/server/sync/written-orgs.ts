// Orgs a fetch has already written. An org with several packages appears once per package; after
// the first package wrote it, the others skip the org upsert when its data is the same (most of
// the 800 000 subscriber rows at scale), and only write its installed version.
import type { SubscriberRow } from '../db/repositories/subscribers';
import { dateTimeMs } from './record-values';

/** What a subscriber row says about its org, as this run stored it. */
type Written = Pick<SubscriberRow, 'name' | 'instance' | 'parentOrgId' | 'isSandbox' | 'type'> & {
  modifiedMs: number;
};

const sameData = (known: Written, row: SubscriberRow) =>
  known.name === row.name &&
  known.instance === row.instance &&
  known.parentOrgId === row.parentOrgId &&
  known.isSandbox === row.isSandbox &&
  known.type === row.type;
const modifiedMs = (row: SubscriberRow) =>
  row.modifiedDate ? dateTimeMs(row.modifiedDate) : Number.NEGATIVE_INFINITY;

export class WrittenOrgs {
  private readonly written = new Map<string, Written>();

  /** Whether this run stored the org already (whatever the data). */
  has(orgId: string): boolean {
    return this.written.has(orgId);
  }

  /** True when this run already stored the org with this data and a modification as recent. */
  isCurrent(row: SubscriberRow): boolean {
    const known = this.written.get(row.orgId);
    return known !== undefined && sameData(known, row) && modifiedMs(row) <= known.modifiedMs;
  }

  /** Rows whose transaction has committed (only then may later pages skip their org). */
  remember(rows: readonly SubscriberRow[]): void {
    for (const row of rows) {
      const known = this.written.get(row.orgId);
      const ms = modifiedMs(row);
      if (known !== undefined && sameData(known, row)) {
        known.modifiedMs = Math.max(known.modifiedMs, ms);
      } else {
        this.written.set(row.orgId, {
          name: row.name,
          instance: row.instance,
          parentOrgId: row.parentOrgId,
          isSandbox: row.isSandbox,
          type: row.type,
          modifiedMs: ms,
        });
      }
    }
  }
}
