// The fleet reads (docs/api.md "Fleet"): the home page, a package's adoption, an upgrade's
// timeline and an org's history. Reads only, for every signed-in user.
import { idParams, orgIdParams } from '../common';
import { endpoint } from '../endpoint';
import {
  adoptionQuerySchema,
  homeSummarySchema,
  orgHistorySchema,
  packageAdoptionSchema,
  upgradeTimelineSchema,
} from '../fleet';
import { packageIdParams } from '../packages';

export const fleetEndpoints = {
  home: endpoint({
    method: 'GET',
    path: '/api/home',
    tag: 'fleet',
    description:
      'The home page: running upgrades with their job counts, failures of the last 24 hours, connected orgs and licenses that need attention, background jobs running or failed, and adoption per package.',
    response: homeSummarySchema,
  }),

  adoption: endpoint({
    method: 'GET',
    path: '/api/packages/:packageId/adoption',
    tag: 'fleet',
    description:
      "A package's orgs per version as counted at the last fetch, the shares on the latest version and `behind` or more versions behind it (overall and by environment, edition and location), and the version counts of the last 90 days.",
    params: packageIdParams,
    query: adoptionQuerySchema,
    response: packageAdoptionSchema,
  }),

  timeline: endpoint({
    method: 'GET',
    path: '/api/upgrades/:id/timeline',
    tag: 'fleet',
    description:
      'Per request of the upgrade, how many of its jobs were pending, in progress, succeeded and failed, minute by minute from the first start to the last end (or now).',
    params: idParams,
    response: upgradeTimelineSchema,
  }),

  orgHistory: endpoint({
    method: 'GET',
    path: '/api/orgs/:orgId/history',
    tag: 'fleet',
    description:
      "The org's package versions over time (install dates, the versions its push jobs found and left) and every upgrade that had a job for it.",
    params: orgIdParams,
    response: orgHistorySchema,
  }),
};
