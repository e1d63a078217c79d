// The home page (docs/product.md "Home page"): what needs an operator's eye, read in a few small
// index reads; adoption comes from the counts the last fetch kept (docs/architecture.md
// "Adoption counts"). Reading only: read-only users see the same page.
import {
  EXPIRING_LICENSE_DAYS,
  RECENT_FAILURE_HOURS,
  type HomeSummary,
} from '../../../domain/api/fleet';
import type { SqlClient } from '../../db/database';
import { readAdoptionTotals } from '../../db/repositories/adoption';
import {
  countExpiringLicenses,
  readConnectedOrgsNeedingAttention,
  readHomeJobs,
  readRecentFailureClusters,
  readRecentFailures,
  readRunningUpgrades,
} from '../../db/repositories/fleet-reads';
import { findJobMessages } from '../../db/repositories/upgrades/failure-clusters';
import { failureItems } from '../../../domain/failure-clusters';

/** Rows a tile lists at most; its link opens the whole list. */
const TILE_ROWS = 10;
/** Error clusters the failures tile lists. */
const TILE_CLUSTERS = 5;
const DAY_MS = 86_400_000;

const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

export async function homeSummary(db: SqlClient, now: Date): Promise<HomeSummary> {
  const since = new Date(now.getTime() - RECENT_FAILURE_HOURS * 3_600_000);
  const until = utcDay(new Date(now.getTime() + EXPIRING_LICENSE_DAYS * DAY_MS));
  const [activeUpgrades, failures, clusters, connectedOrgs, expiring, jobs, adoption] =
    await Promise.all([
      readRunningUpgrades(db, TILE_ROWS),
      readRecentFailures(db, since, TILE_ROWS),
      readRecentFailureClusters(db, since, TILE_CLUSTERS),
      readConnectedOrgsNeedingAttention(db),
      countExpiringLicenses(db, utcDay(now), until),
      readHomeJobs(db, since, TILE_ROWS),
      readAdoptionTotals(db),
    ]);
  const messages = await findJobMessages(
    db,
    clusters.map((c) => c.sample_job_id),
  );
  return {
    active_upgrades: activeUpgrades,
    failures: {
      since: since.toISOString(),
      ...failures,
      clusters: clusters.map(({ sample_job_id: sample, ...cluster }) => ({
        ...cluster,
        errors: failureItems(messages.get(sample) ?? null),
      })),
    },
    attention: {
      connected_orgs: connectedOrgs,
      expiring_licenses: expiring,
      expiring_until: until,
    },
    jobs,
    adoption: { counted_at: adoption.countedAt, packages: adoption.packages },
  };
}
