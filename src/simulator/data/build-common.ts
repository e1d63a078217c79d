// Shared pieces of the dataset builders: the build context, org identities and per-table id spaces.
import { OrgStore } from '../store/org-store';
import type { ObjectDef } from '../store/schema';
import { Table, type RowGenerator } from '../store/table';
import type { PackageCatalog } from './catalog';
import type { DatasetSpec } from './datasets';
import { IdSpace, mintId } from './ids';
import type { InstanceInfo } from './instances';
import type { Installs } from './installs';
import type { SubscriberOrgs } from './orgs';
import { hashInts, hashString } from './rng';

export interface BuildContext {
  readonly spec: DatasetSpec;
  readonly seed: number;
  /** Generated timestamps lie before this instant. */
  readonly epochMs: number;
  readonly orgs: SubscriberOrgs;
  readonly installs: Installs;
  readonly catalogs: readonly PackageCatalog[];
}

export interface OrgIdentity {
  readonly id15: string;
  readonly id18: string;
  readonly counter: number;
  readonly instance: InstanceInfo;
}

export function orgIdentity(counter: number, instance: InstanceInfo): OrgIdentity {
  const id18 = mintId('00D', instance.pod, counter);
  return { id15: id18.slice(0, 15), id18, counter, instance };
}

/** The id space of one object in one org; derived from the seed, so builders can mint ids up front. */
export function idSpaceFor(seed: number, org: OrgIdentity, def: ObjectDef): IdSpace {
  const base =
    def.name === 'Organization'
      ? org.counter
      : 100_000 + (hashInts(seed, hashString(`${org.id15}:${def.keyPrefix}`)) % 5_000_000);
  return new IdSpace(def.keyPrefix, org.instance.pod, base);
}

/** An org's store with one table per object; generators fill the big ones lazily. */
export function createStore(
  seed: number,
  org: OrgIdentity,
  objects: readonly ObjectDef[],
  generators: Readonly<Record<string, RowGenerator>> = {},
): OrgStore {
  const store = new OrgStore();
  for (const def of objects) {
    store.add(new Table(def, idSpaceFor(seed, org, def), generators[def.name]));
  }
  return store;
}

export function requireTable(store: OrgStore, name: string): Table {
  const table = store.table(name);
  if (!table) throw new Error(`store has no ${name} table`);
  return table;
}
