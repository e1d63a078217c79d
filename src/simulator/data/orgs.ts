// The customer (subscriber) orgs: pure data, never logged into. A few bytes per org are kept in typed
// arrays (about 1 MB for 100 000 orgs); ids and names are computed from the index when asked.
// Org ids encode the index in their counter and the org's instance in their pod characters.
import { EDITIONS } from '../store/objects/common';
import type { OrgStatus } from '../store/objects/packaging';
import { canonical15, mintId } from './ids';
import { PRODUCTION_INSTANCES, sandboxInstancesFor, type InstanceInfo } from './instances';
import { companyName } from './names';
import { Rng } from './rng';
import { DAY_MS } from './time';

const ORG_STATUS: readonly OrgStatus[] = ['Active', 'Demo', 'Free', 'Inactive', 'Trial'];
const ORG_COUNTER_BASE = 1_000_000;

export interface SubscriberOrg {
  readonly index: number;
  readonly id15: string;
  readonly id18: string;
  readonly name: string;
  readonly isSandbox: boolean;
  readonly parentIndex: number;
  readonly accountIndex: number;
  readonly instance: InstanceInfo;
  readonly edition: string;
  readonly status: OrgStatus;
  readonly createdMs: number;
}

export class SubscriberOrgs {
  private readonly sandbox: Uint8Array;
  private readonly parent: Int32Array;
  private readonly account: Int32Array;
  private readonly instance: Uint8Array;
  private readonly edition: Uint8Array;
  private readonly status: Uint8Array;
  private readonly createdDays: Uint16Array;
  private readonly instances: readonly InstanceInfo[];
  /** Orgs built so far: a license or subscriber row asks for its org many times over. */
  private readonly cache: (SubscriberOrg | undefined)[];

  constructor(
    seed: number,
    readonly count: number,
    readonly accountCount: number,
    sandboxShare: number,
    private readonly epochMs: number,
  ) {
    this.sandbox = new Uint8Array(count);
    this.parent = new Int32Array(count).fill(-1);
    this.account = new Int32Array(count);
    this.instance = new Uint8Array(count);
    this.edition = new Uint8Array(count);
    this.status = new Uint8Array(count);
    this.createdDays = new Uint16Array(count);
    this.cache = new Array<SubscriberOrg | undefined>(count);
    const all = [
      ...PRODUCTION_INSTANCES,
      ...PRODUCTION_INSTANCES.flatMap((p) => sandboxInstancesFor(p.location)),
    ];
    this.instances = [...new Set(all)];
    for (let i = 0; i < count; i++) this.generate(seed, i, sandboxShare);
  }

  private generate(seed: number, i: number, sandboxShare: number): void {
    const rng = Rng.for(seed, 'org', i);
    const isSandbox = i > 0 && rng.bool(sandboxShare);
    if (isSandbox) {
      let p = rng.int(0, i - 1);
      while (p > 0 && this.sandbox[p]) p--;
      const parentInstance = this.instances[this.instance[p] ?? 0] ?? PRODUCTION_INSTANCES[0];
      const choices = sandboxInstancesFor(parentInstance?.location ?? 'NA');
      this.sandbox[i] = 1;
      this.parent[i] = p;
      this.account[i] = this.account[p] ?? 0;
      this.instance[i] = this.instances.indexOf(rng.pick(choices));
      this.edition[i] = this.edition[p] ?? 0;
      this.status[i] = ORG_STATUS.indexOf('Active');
      this.createdDays[i] = rng.int(1, Math.max(1, this.createdDays[p] ?? 1));
      return;
    }
    this.account[i] = Math.min(
      this.accountCount - 1,
      Math.floor((i * this.accountCount) / this.count),
    );
    const region = rng.weighted<InstanceInfo['location']>([
      ['NA', 6],
      ['EMEA', 3],
      ['APAC', 1],
    ]);
    this.instance[i] = this.instances.indexOf(
      rng.pick(PRODUCTION_INSTANCES.filter((x) => x.location === region)),
    );
    const edition = rng.weighted<string>([
      ['Enterprise Edition', 55],
      ['Unlimited Edition', 25],
      ['Professional Edition', 10],
      ['Performance Edition', 5],
      ['Developer Edition', 5],
    ]);
    this.edition[i] = EDITIONS.indexOf(edition as (typeof EDITIONS)[number]);
    const status: OrgStatus =
      edition === 'Developer Edition'
        ? 'Free'
        : rng.weighted<OrgStatus>([
            ['Active', 88],
            ['Trial', 6],
            ['Demo', 2],
            ['Inactive', 4],
          ]);
    this.status[i] = ORG_STATUS.indexOf(status);
    this.createdDays[i] = rng.int(30, 3_000);
  }

  id18(i: number): string {
    const instance = this.instances[this.instance[i] ?? 0];
    return mintId('00D', instance?.pod ?? '00', ORG_COUNTER_BASE + i);
  }

  id15(i: number): string {
    return this.id18(i).slice(0, 15);
  }

  /** Index of a subscriber org id (15 or 18 characters), or -1. */
  indexOf(orgId: string): number {
    const id15 = canonical15(orgId);
    if (!id15?.startsWith('00D')) return -1;
    let counter = 0;
    for (const ch of id15.slice(6)) {
      counter =
        counter * 62 + '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'.indexOf(ch);
    }
    const i = counter - ORG_COUNTER_BASE;
    return i >= 0 && i < this.count && this.id15(i) === id15 ? i : -1;
  }

  accountName(a: number): string {
    return companyName(a);
  }

  get(i: number): SubscriberOrg {
    let org = this.cache[i];
    if (!org) this.cache[i] = org = this.build(i);
    return org;
  }

  private build(i: number): SubscriberOrg {
    const accountIndex = this.account[i] ?? 0;
    const instance = this.instances[this.instance[i] ?? 0] ?? PRODUCTION_INSTANCES[0];
    if (!instance) throw new RangeError('no instances');
    return {
      index: i,
      id15: this.id15(i),
      id18: this.id18(i),
      name: this.accountName(accountIndex),
      isSandbox: this.sandbox[i] === 1,
      parentIndex: this.parent[i] ?? -1,
      accountIndex,
      instance,
      edition: EDITIONS[this.edition[i] ?? 0] ?? 'Enterprise Edition',
      status: ORG_STATUS[this.status[i] ?? 0] ?? 'Active',
      createdMs: this.epochMs - (this.createdDays[i] ?? 1) * DAY_MS,
    };
  }

  /** Every instance an org of this dataset can be on. */
  allInstances(): readonly InstanceInfo[] {
    return this.instances;
  }
}
