// Packages and their versions: the small, eager part of a dataset. Each released version exists in
// the LMA (sfLma__Package_Version__c, 04t in sfLma__Version_ID__c) and in its packaging org
// (MetadataPackageVersion with the same 04t id); betas exist only in the packaging org, as uploads
// of a version that is not released yet.
import type { VersionStatus } from '../store/objects/lma';
import type { PackagePlan } from './datasets';
import { Rng } from './rng';
import { DAY_MS } from './time';

export interface VersionPlan {
  /** Position among this package's versions, oldest first (betas come after every release). */
  readonly index: number;
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly build: number;
  readonly number: string;
  readonly name: string;
  readonly releaseMs: number;
  readonly beta: boolean;
  readonly deprecated: boolean;
  /** LMA status; betas have none because the LMA never sees them. */
  readonly status: VersionStatus | undefined;
}

export interface PackageCatalog {
  readonly index: number;
  readonly plan: PackagePlan;
  /** Released versions first (oldest → newest), then betas. */
  readonly versions: readonly VersionPlan[];
  readonly released: readonly VersionPlan[];
}

const SEASONS = ['Spring', 'Summer', 'Winter'] as const;

/** Salesforce-style release names: Spring (Jan–Apr), Summer (May–Aug), then Winter of next year. */
function seasonLabel(ms: number): string {
  const date = new Date(ms);
  const month = date.getUTCMonth();
  const season = SEASONS[month < 4 ? 0 : month < 8 ? 1 : 2];
  const year = date.getUTCFullYear() + (month >= 8 ? 1 : 0);
  return `${season} '${String(year % 100).padStart(2, '0')}`;
}

/** Compares version numbers numerically (2.10 > 2.9). */
export function compareVersions(a: VersionPlan, b: VersionPlan): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

export function buildCatalog(
  seed: number,
  plan: PackagePlan,
  index: number,
  epochMs: number,
): PackageCatalog {
  const rng = Rng.for(seed, `catalog:${plan.namespace}`);
  const released: VersionPlan[] = [];
  let major = 1;
  let minor = 0;
  let patch = 0;
  for (let j = 0; j < plan.versions; j++) {
    if (j > 0) {
      const roll = rng.next();
      if (roll < 0.12) [major, minor, patch] = [major + 1, 0, 0];
      else if (roll < 0.35 && patch < 3) patch += 1;
      else [minor, patch] = [minor + 1, 0];
    }
    const newest = j === plan.versions - 1;
    const ageDays = newest ? 5 : (plan.versions - 1 - j) * 41 + rng.int(0, 12);
    const releaseMs = epochMs - ageDays * DAY_MS - rng.int(0, 20) * 3_600_000;
    const number = patch > 0 ? `${major}.${minor}.${patch}` : `${major}.${minor}`;
    const status: VersionStatus = newest
      ? 'Preview'
      : j === plan.versions - 2
        ? 'Pre-Release'
        : patch > 0 && rng.bool(0.4)
          ? 'Limited'
          : 'Verified';
    released.push({
      index: j,
      major,
      minor,
      patch,
      build: patch > 0 ? 1 : rng.int(1, 4),
      number,
      name: `${seasonLabel(releaseMs)} (${number})`,
      releaseMs,
      beta: false,
      deprecated: j === 1 && plan.versions >= 6,
      status,
    });
  }
  const last = released[released.length - 1];
  const betas: VersionPlan[] = [];
  if (last && plan.active) {
    for (let b = 1; b <= 2; b++) {
      betas.push({
        index: released.length + b - 1,
        major: last.major,
        minor: last.minor + 1,
        patch: 0,
        build: b,
        number: `${last.major}.${last.minor + 1}`,
        name: `Next (${last.major}.${last.minor + 1} Beta ${b})`,
        releaseMs: epochMs - (3 - b) * DAY_MS,
        beta: true,
        deprecated: false,
        status: undefined,
      });
    }
  }
  return { index, plan, versions: [...released, ...betas], released };
}
