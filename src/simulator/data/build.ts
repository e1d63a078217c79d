// Builds a whole dataset: catalogs, subscriber orgs, installations, the packaging orgs and the LMA.
import { OrgFamily } from '../store/family';
import type { BuildContext } from './build-common';
import { buildLma, type LmaBuild } from './build-lma';
import { buildPackagingOrg, type PackagingOrgBuild } from './build-packaging';
import { buildCatalog } from './catalog';
import { DATASETS, type SimDataset } from './datasets';
import { Installs } from './installs';
import { SubscriberOrgs } from './orgs';

export interface Dataset extends BuildContext {
  readonly family: OrgFamily;
  readonly lma: LmaBuild;
  readonly packaging: readonly PackagingOrgBuild[];
}

export function buildDataset(name: SimDataset, seed: number, epochMs: number): Dataset {
  const spec = DATASETS[name];
  const catalogs = spec.packages.map((plan, index) => buildCatalog(seed, plan, index, epochMs));
  const orgs = new SubscriberOrgs(seed, spec.orgs, spec.accounts, spec.sandboxShare, epochMs);
  const installs = new Installs(seed, spec.licenses, orgs, catalogs, epochMs);
  const ctx: BuildContext = { spec, seed, epochMs, orgs, installs, catalogs };
  const packaging = catalogs.map((catalog) => buildPackagingOrg(ctx, catalog));
  const lma = buildLma(ctx, packaging);
  const family = new OrgFamily(
    lma.org,
    packaging.map((p) => p.org),
  );
  return { ...ctx, family, lma, packaging };
}
