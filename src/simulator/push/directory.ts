// What the push API needs to know about a packaging org: its package's versions (in upload order, so
// "already on that version or newer" is a comparison), its subscribers by org key, and the matching
// license in the LMA, which a successful upgrade must update too.
import type { Dataset } from '../data/build';
import { compareVersions, type VersionPlan } from '../data/catalog';
import type { SimOrg } from '../store/family';
import type { Row, Table } from '../store/table';

export class PackagingContext {
  constructor(
    private readonly dataset: Dataset,
    readonly org: SimOrg,
    readonly packageIndex: number,
  ) {}

  private table(name: string): Table {
    const table = this.org.store.table(name);
    if (!table) throw new Error(`${this.org.name} has no ${name}`);
    return table;
  }

  get subscribers(): Table {
    return this.table('PackageSubscriber');
  }

  get requests(): Table {
    return this.table('PackagePushRequest');
  }

  get jobs(): Table {
    return this.table('PackagePushJob');
  }

  get errors(): Table {
    return this.table('PackagePushError');
  }

  /** The version plan of a MetadataPackageVersion id of this org (undefined if not one of ours). */
  version(versionId: unknown): VersionPlan | undefined {
    if (typeof versionId !== 'string') return undefined;
    const index = this.table('MetadataPackageVersion').indexOfId(versionId);
    return this.dataset.catalogs[this.packageIndex]?.versions[index];
  }

  /** True when `installed` is the target version or newer. */
  isAtOrAbove(installed: VersionPlan, target: VersionPlan): boolean {
    return compareVersions(installed, target) >= 0;
  }

  /** Subscriber org index of an org key (15 or 18 characters), or -1. */
  orgIndex(orgKey: string): number {
    return this.dataset.orgs.indexOf(orgKey);
  }

  subscriber(orgIndex: number): Row | undefined {
    return orgIndex < 0 ? undefined : this.subscribers.get(orgIndex);
  }

  /** The LMA license of this org for this package, with its table and index. */
  license(orgIndex: number): { table: Table; index: number; row: Row } | undefined {
    const table = this.dataset.family.lma.store.table('sfLma__License__c');
    const packageId = this.dataset.lma.packageIds[this.packageIndex];
    const org15 = this.dataset.orgs.id15(orgIndex);
    if (!table || !packageId) return undefined;
    const index = this.dataset.installs.licenseOf(orgIndex, this.packageIndex);
    const row = table.get(index);
    if (row && row.sfLma__Subscriber_Org_ID__c === org15 && row.sfLma__Package__c === packageId) {
      return { table, index, row };
    }
    const found = table
      .lookup('sfLma__Subscriber_Org_ID__c', [org15])
      ?.find((r) => r.sfLma__Package__c === packageId);
    return found ? { table, index: table.indexOfId(String(found.Id)), row: found } : undefined;
  }

  /** The LMA's sfLma__Package_Version__c id for a released version. */
  lmaVersionId(version: VersionPlan): string | undefined {
    return this.dataset.lma.versionIds[this.packageIndex]?.[version.index];
  }

  get lmaSystemUserId(): string {
    return this.dataset.family.lma.systemUserId;
  }
}

export class PushDirectory {
  private readonly contexts = new Map<string, PackagingContext>();

  constructor(dataset: Dataset) {
    for (const org of dataset.family.packaging) {
      if (org.packageIndex !== undefined) {
        this.contexts.set(org.id, new PackagingContext(dataset, org, org.packageIndex));
      }
    }
  }

  forOrg(org: SimOrg): PackagingContext | undefined {
    return this.contexts.get(org.id);
  }

  all(): PackagingContext[] {
    return [...this.contexts.values()];
  }
}
