// Which org installed which package, on which version, with what license: one "installation" per
// license index. License i maps to an (org, package) pair through a fixed permutation, and back, so
// the LMA license, the packaging org's PackageSubscriber row and the push engine all agree without
// storing anything.
import type { LicenseStatus } from '../store/objects/lma';
import type { PackageCatalog, VersionPlan } from './catalog';
import type { SubscriberOrgs } from './orgs';
import { hashInts, Rng } from './rng';
import { DAY_MS } from './time';

export interface Installation {
  readonly license: number;
  readonly org: number;
  readonly pkg: number;
  readonly version: VersionPlan;
  readonly status: LicenseStatus;
  readonly installMs: number;
  readonly modifiedMs: number;
  readonly expirationMs: number | null;
  readonly seats: number;
  readonly used: number;
  readonly licenseType: 'Managed' | 'Editable';
  readonly blocked: boolean;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function modInverse(a: number, m: number): number {
  let [oldR, r] = [a, m];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

export class Installs {
  private readonly stride: number;
  private readonly strideInverse: number;
  /** Per package: cumulative pick weights over its released versions (newest weigh most). */
  private readonly productionWeights: number[][];
  private readonly sandboxWeights: number[][];

  constructor(
    private readonly seed: number,
    readonly count: number,
    private readonly orgs: SubscriberOrgs,
    private readonly catalogs: readonly PackageCatalog[],
    private readonly epochMs: number,
  ) {
    const n = orgs.count;
    if (count > n * catalogs.length)
      throw new RangeError('more licenses than (org, package) pairs');
    let stride = Math.max(1, Math.floor(n * 0.618));
    while (gcd(stride, n) !== 1) stride++;
    this.stride = stride;
    this.strideInverse = n === 1 ? 0 : modInverse(stride, n);
    this.productionWeights = catalogs.map((c) => cumulative(c, false));
    this.sandboxWeights = catalogs.map((c) => cumulative(c, true));
  }

  private packageOffset(org: number): number {
    return hashInts(this.seed, 0x5eed, org) % this.catalogs.length;
  }

  /** (org, package) of a license index. */
  pairOf(license: number): { org: number; pkg: number } {
    const n = this.orgs.count;
    const q = license % n;
    const round = Math.floor(license / n);
    const org = (q * this.stride) % n;
    return { org, pkg: (round + this.packageOffset(org)) % this.catalogs.length };
  }

  /** License index of an (org, package) pair, or -1 when that org never had the package. */
  licenseOf(org: number, pkg: number): number {
    const n = this.orgs.count;
    const p = this.catalogs.length;
    const q = (org * this.strideInverse) % n;
    const round = (((pkg - this.packageOffset(org)) % p) + p) % p;
    const license = round * n + q;
    return license < this.count ? license : -1;
  }

  get(license: number): Installation {
    const { org, pkg } = this.pairOf(license);
    const catalog = this.catalogs[pkg];
    if (!catalog) throw new RangeError(`no package ${pkg}`);
    const info = this.orgs.get(org);
    const rng = Rng.for(this.seed, 'install', license);
    const status: LicenseStatus = catalog.plan.active
      ? rng.weighted<LicenseStatus>([
          ['Active', 70],
          ['Trial', 8],
          ['Suspended', 4],
          ['Expired', 8],
          ['Uninstalled', 10],
        ])
      : rng.weighted<LicenseStatus>([
          ['Active', 25],
          ['Expired', 25],
          ['Uninstalled', 50],
        ]);
    const weights = (info.isSandbox ? this.sandboxWeights : this.productionWeights)[pkg] ?? [];
    const version = pickVersion(catalog, weights, rng.next());
    const installMs = Math.min(
      Math.max(info.createdMs, catalog.released[0]?.releaseMs ?? info.createdMs) +
        rng.int(1, 200) * DAY_MS,
      this.epochMs - DAY_MS,
    );
    const modifiedMs = Math.min(
      this.epochMs - rng.int(1, 3_600) * 1_000,
      Math.max(installMs, version.releaseMs) + rng.int(1, 20) * DAY_MS + rng.int(0, 86_399) * 1_000,
    );
    const seats = rng.bool(0.15) ? -1 : rng.int(5, 500);
    return {
      license,
      org,
      pkg,
      version,
      status,
      installMs,
      modifiedMs,
      expirationMs: expiration(status, rng, this.epochMs),
      seats,
      used: seats < 0 ? rng.int(10, 2_000) : rng.int(0, seats),
      licenseType: rng.bool(0.03) ? 'Editable' : 'Managed',
      blocked: rng.bool(0.01),
    };
  }
}

function expiration(status: LicenseStatus, rng: Rng, epochMs: number): number | null {
  switch (status) {
    case 'Active':
      return rng.bool(0.7) ? null : epochMs + rng.int(30, 700) * DAY_MS;
    case 'Trial':
      return epochMs + rng.int(1, 30) * DAY_MS;
    case 'Expired':
      return epochMs - rng.int(1, 400) * DAY_MS;
    case 'Suspended':
      return rng.bool(0.5) ? null : epochMs - rng.int(1, 90) * DAY_MS;
    case 'Uninstalled':
      return null;
  }
}

/** Production orgs run GA (Verified) or Limited builds; sandboxes also run the pre-releases. */
function cumulative(catalog: PackageCatalog, sandbox: boolean): number[] {
  const out: number[] = [];
  let total = 0;
  const count = catalog.released.length;
  catalog.released.forEach((v, i) => {
    const allowed = v.status === 'Verified' || v.status === 'Limited' || sandbox;
    const age = count - 1 - i;
    total += allowed ? Math.pow(0.62, age) : 0;
    out.push(total);
  });
  return out;
}

function pickVersion(
  catalog: PackageCatalog,
  cumulativeWeights: readonly number[],
  roll: number,
): VersionPlan {
  const total = cumulativeWeights[cumulativeWeights.length - 1] ?? 0;
  const target = roll * total;
  const index = cumulativeWeights.findIndex((w) => w > target);
  const version = catalog.released[index < 0 ? 0 : index] ?? catalog.released[0];
  if (!version) throw new RangeError(`package ${catalog.plan.name} has no released version`);
  return version;
}
