// The upgrade calls (docs/api.md "Upgrades"): the upgrades list and detail with its Jobs and
// Blacklist tabs, scheduling (for an org or a group) and its preview, and the lifecycle of a whole
// upgrade: activate, refresh, cancel, retry its failed jobs, purge history, and the Analyze stats.
import { z } from 'zod';
import { idParams, numericId, orgIdParams } from '../common';
import { endpoint } from '../endpoint';
import {
  blacklistClusterSchema,
  failureClusterQuerySchema,
  failureClustersSchema,
  retryClusterSchema,
} from '../failure-clusters';
import { memberChangeResultSchema } from '../org-group-changes';
import { listEndpoint } from '../list-endpoint';
import {
  cancelUpgradeSchema,
  noBodySchema,
  previewForOrgsSchema,
  purgeResultSchema,
  scheduleForOrgsSchema,
  refreshResultSchema,
  scheduleResultSchema,
  schedulePreviewBodySchema,
  schedulePreviewSchema,
  upgradeActionResultSchema,
  upgradeDetailSchema,
  upgradeIdsSchema,
  upgradeStatsRowSchema,
} from '../upgrade-actions';
import {
  UPGRADE_BLACKLIST_LIST,
  UPGRADE_JOB_LIST,
  upgradeBlacklistRowSchema,
  upgradeJobListQueryShape,
  upgradeJobSchema,
  upgradeQuerySchema,
  upgradeSchema,
} from '../upgrades';
import { scheduleUpgradeSchema } from '../../schedule';

export const upgradeEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/upgrades',
    tag: 'upgrades',
    description: 'Upgrades, newest first; with groupId, only those scheduled for that group.',
    query: upgradeQuerySchema,
    response: z.array(upgradeSchema),
  }),

  get: endpoint({
    method: 'GET',
    path: '/api/upgrades/:id',
    tag: 'upgrades',
    description: 'One upgrade with its job counts and why it stopped.',
    params: idParams,
    response: upgradeDetailSchema,
  }),

  jobs: listEndpoint({
    path: '/api/upgrades/:id/jobs',
    tag: 'upgrades',
    description: "The upgrade's jobs (or one request's, with itemId), paged, sorted and filtered.",
    list: UPGRADE_JOB_LIST,
    row: upgradeJobSchema,
    params: { id: numericId },
    scopeQuery: upgradeJobListQueryShape,
  }),

  blacklist: listEndpoint({
    path: '/api/upgrades/:id/blacklist',
    tag: 'upgrades',
    description: 'The orgs the upgrade left out, with the reason.',
    list: UPGRADE_BLACKLIST_LIST,
    row: upgradeBlacklistRowSchema,
    params: { id: numericId },
  }),

  scheduleForOrg: endpoint({
    method: 'POST',
    path: '/api/orgs/:orgId/upgrade',
    tag: 'upgrades',
    description:
      'Schedules an upgrade of one org to the selected versions (a repeated transid answers the same upgrade); 409 with the preview when the org cannot be upgraded to any of them.',
    params: orgIdParams,
    body: scheduleUpgradeSchema,
    response: scheduleResultSchema,
  }),

  scheduleForGroup: endpoint({
    method: 'POST',
    path: '/api/orggroups/:id/upgrade',
    tag: 'orggroups',
    description:
      "Schedules an upgrade of a group's member orgs to the selected versions (a repeated transid answers the same upgrade); 409 with the preview when no member can be upgraded to any of them.",
    params: idParams,
    body: scheduleUpgradeSchema,
    response: scheduleResultSchema,
  }),

  scheduleForOrgs: endpoint({
    method: 'POST',
    path: '/api/orgs/upgrade',
    tag: 'upgrades',
    description:
      'Schedules an upgrade of the orgs a filtered Orgs list shows (its column filters, at least one), with the same eligibility as a group; 409 with the preview when none can be upgraded.',
    body: scheduleForOrgsSchema,
    response: scheduleResultSchema,
  }),

  previewForOrgs: endpoint({
    method: 'POST',
    path: '/api/orgs/upgrade/preview',
    tag: 'upgrades',
    description:
      'What scheduling these versions for the orgs of a filtered Orgs list would do; nothing is created.',
    body: previewForOrgsSchema,
    response: schedulePreviewSchema,
  }),

  previewForOrg: endpoint({
    method: 'POST',
    path: '/api/orgs/:orgId/upgrade/preview',
    tag: 'upgrades',
    description:
      'What scheduling these versions for the org would do (orgs reached, orgs left out and why); nothing is created.',
    params: orgIdParams,
    body: schedulePreviewBodySchema,
    response: schedulePreviewSchema,
  }),

  previewForGroup: endpoint({
    method: 'POST',
    path: '/api/orggroups/:id/upgrade/preview',
    tag: 'orggroups',
    description:
      "What scheduling these versions for the group's members would do; nothing is created.",
    params: idParams,
    body: schedulePreviewBodySchema,
    response: schedulePreviewSchema,
  }),

  activate: endpoint({
    method: 'POST',
    path: '/api/upgrades/activate/:id',
    tag: 'upgrades',
    description:
      "Activates an upgrade: its first dependency tier's push requests now, the later ones as each tier finishes without failures.",
    params: idParams,
    body: noBodySchema,
    response: upgradeActionResultSchema,
  }),

  refresh: endpoint({
    method: 'POST',
    path: '/api/upgrades/refresh/:id',
    tag: 'upgrades',
    description:
      'Reconciles an upgrade with Salesforce now, in the background; answers the job id.',
    params: idParams,
    body: noBodySchema,
    response: refreshResultSchema,
  }),

  cancel: endpoint({
    method: 'POST',
    path: '/api/upgrades/cancel/:id',
    tag: 'upgrades',
    description:
      'Cancels what of the upgrade has not started (Created or Pending requests); running and finished requests are left alone.',
    params: idParams,
    body: cancelUpgradeSchema,
    response: upgradeActionResultSchema,
  }),

  retry: endpoint({
    method: 'POST',
    path: '/api/upgrades/retry/:id',
    tag: 'upgrades',
    description:
      "Reschedules the upgrade's failed jobs as a new upgrade (parent_id = this one), through the same eligibility; a repeated click answers the same new upgrade.",
    params: idParams,
    body: noBodySchema,
    response: scheduleResultSchema,
  }),

  failureClusters: endpoint({
    method: 'GET',
    path: '/api/upgrades/:id/failure-clusters',
    tag: 'upgrades',
    description:
      "The upgrade's failed jobs (or one request's, with itemId) grouped by normalised error, largest first (50 at most), with each cluster's share, sample orgs, editions, instances and first and last seen.",
    params: idParams,
    query: failureClusterQuerySchema,
    response: failureClustersSchema,
  }),

  retryCluster: endpoint({
    method: 'POST',
    path: '/api/upgrades/:id/failure-clusters/retry',
    tag: 'upgrades',
    description:
      "Reschedules one failure cluster's jobs (optionally of one request) as a new upgrade, as Retry Failed does: the same eligibility, a repeated click answers the same new upgrade.",
    params: idParams,
    body: retryClusterSchema,
    response: scheduleResultSchema,
  }),

  blacklistCluster: endpoint({
    method: 'POST',
    path: '/api/upgrades/:id/failure-clusters/blacklist',
    tag: 'upgrades',
    description:
      'Adds the orgs of one failure cluster (optionally of one request) to a Blacklist Group; the reason is recorded in the audit log.',
    params: idParams,
    body: blacklistClusterSchema,
    response: memberChangeResultSchema,
  }),

  purge: endpoint({
    method: 'POST',
    path: '/api/upgrades/purge',
    tag: 'upgrades',
    description:
      'Deletes the history of finished upgrades here (nothing in Salesforce); all or nothing, active upgrades refused.',
    body: upgradeIdsSchema,
    response: purgeResultSchema,
  }),

  stats: endpoint({
    method: 'POST',
    path: '/api/stats',
    tag: 'upgrades',
    description: 'Analyze: per package, the orgs per job status across the upgrades.',
    body: upgradeIdsSchema,
    response: z.array(upgradeStatsRowSchema),
  }),
};
