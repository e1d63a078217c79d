// Dataset sizes. Every number here is what the seeded builders produce; records are rebuilt from the
// seed by index, so even `scale` starts in seconds.

export type SimDataset = 'test' | 'demo' | 'scale';

export interface PackagePlan {
  readonly name: string;
  readonly namespace: string;
  readonly tier: number;
  readonly versions: number;
  readonly active: boolean;
}

export interface DatasetSpec {
  readonly name: SimDataset;
  readonly packages: readonly PackagePlan[];
  readonly orgs: number;
  readonly accounts: number;
  /** At most orgs × packages: one license per (org, package). */
  readonly licenses: number;
  readonly sandboxShare: number;
}

const CORE: PackagePlan = {
  name: 'Relay Core',
  namespace: 'relaycore',
  tier: 1,
  versions: 20,
  active: true,
};
const BILLING: PackagePlan = {
  name: 'Relay Billing',
  namespace: 'relaybill',
  tier: 2,
  versions: 20,
  active: true,
};
const INSIGHTS: PackagePlan = {
  name: 'Relay Insights',
  namespace: 'relayins',
  tier: 2,
  versions: 18,
  active: true,
};
const PORTAL: PackagePlan = {
  name: 'Relay Service Portal',
  namespace: 'relayportal',
  tier: 3,
  versions: 14,
  active: true,
};
const SYNC: PackagePlan = {
  name: 'Relay Classic Sync',
  namespace: 'relaysync',
  tier: 3,
  versions: 8,
  active: false,
};

const SCALE_EXTRA: PackagePlan[] = [
  ['Relay Field Service', 'relayfield', 2],
  ['Relay Quotes', 'relayquote', 2],
  ['Relay Contracts', 'relaycontract', 3],
  ['Relay Surveys', 'relaysurvey', 3],
  ['Relay Scheduling', 'relaysched', 2],
  ['Relay Documents', 'relaydocs', 3],
  ['Relay Connect', 'relayconnect', 1],
].map(([name, namespace, tier]) => ({
  name: String(name),
  namespace: String(namespace),
  tier: Number(tier),
  versions: 20,
  active: true,
}));

export const DATASETS: Record<SimDataset, DatasetSpec> = {
  test: {
    name: 'test',
    packages: [
      { ...CORE, versions: 8 },
      { ...BILLING, versions: 6 },
    ],
    orgs: 600,
    accounts: 350,
    licenses: 1_000,
    sandboxShare: 0.25,
  },
  demo: {
    name: 'demo',
    packages: [CORE, BILLING, INSIGHTS, PORTAL, SYNC],
    orgs: 2_000,
    accounts: 1_200,
    licenses: 5_000,
    sandboxShare: 0.25,
  },
  scale: {
    name: 'scale',
    packages: [CORE, BILLING, INSIGHTS, PORTAL, ...SCALE_EXTRA, SYNC],
    orgs: 100_000,
    accounts: 60_000,
    licenses: 1_000_000,
    sandboxShare: 0.25,
  },
};
