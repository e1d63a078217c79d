// Managing upgrades (spec §7 "Upgrades" and the request calls; issue 11): cancel an upgrade or a
// request, retry its failed jobs, purge history, the Analyze stats, the detail reads, the
// Schedule Upgrade modal's preview, and the server-paged Jobs and Blacklist tabs. Change routes
// refuse read-only users before the body is read (requireChange: 403, CSRF, audited); stats,
// preview and the reads change nothing and are open to every signed-in user.
import { z } from 'zod';
import {
  cancelUpgradeSchema,
  numericId,
  orgIdParam,
  purgeResultSchema,
  scheduleResultSchema,
  schedulePreviewBodySchema,
  schedulePreviewSchema,
  UPGRADE_BLACKLIST_LIST,
  UPGRADE_JOB_LIST,
  upgradeActionResultSchema,
  upgradeBlacklistRowSchema,
  upgradeDetailSchema,
  upgradeIdsSchema,
  upgradeItemDetailSchema,
  upgradeJobListQueryShape,
  upgradeJobSchema,
  upgradeStatsRowSchema,
  noBodySchema,
} from '../../../domain';
import {
  UPGRADE_BLACKLIST_SOURCE,
  UPGRADE_JOB_SOURCE,
  upgradeBlacklistScope,
  upgradeJobScope,
} from '../../db/lists/upgrade-sources';
import { findUpgradeDetail, findUpgradeItemDetail } from '../../db/repositories/upgrade-details';
import { NotFoundError } from '../../errors';
import { cancelRequest, cancelUpgrade } from '../../services/upgrades/cancel';
import { previewSchedule } from '../../services/upgrades/preview';
import { purgeUpgrades } from '../../services/upgrades/purge';
import { retryFailed } from '../../services/upgrades/retry';
import { upgradeStats } from '../../services/upgrades/stats';
import type { AppInstance } from '../app';
import { changeGuard, requireActor, requireChange } from '../auth';
import { registerServerList } from '../lists/register-list';

const idParams = z.object({ id: numericId });

/** Retry takes nothing but the id; the browser may send `{}` or no body at all. */

export function upgradeManageRoutes(app: AppInstance): void {
  const db = app.deps.db;
  const deps = app.services.manage;
  const scheduler = app.services.scheduler;

  const requireUpgrade = async (id: number) => {
    const upgrade = await findUpgradeDetail(db, id);
    if (!upgrade) throw new NotFoundError(`No upgrade ${id}.`);
    return upgrade;
  };

  app.post(
    '/api/upgrades/cancel/:id',
    {
      schema: {
        tags: ['upgrades'],
        description:
          'Cancels what of the upgrade has not started (Created or Pending requests); running and finished requests are left alone.',
        params: idParams,
        body: cancelUpgradeSchema,
        response: { 200: upgradeActionResultSchema },
      },
      preValidation: changeGuard(app, 'upgrade.cancel', { type: 'upgrade', param: 'id' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.cancel');
      return cancelUpgrade(deps, actor, request.params.id, request.body.comment);
    },
  );

  app.post(
    '/api/upgradeitems/cancel/:id',
    {
      schema: {
        tags: ['upgrades'],
        description: 'Cancels one request that has not started yet.',
        params: idParams,
        body: cancelUpgradeSchema,
        response: { 200: upgradeActionResultSchema },
      },
      preValidation: changeGuard(app, 'upgradeitem.cancel', { type: 'upgrade_item', param: 'id' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'upgradeitem.cancel');
      return cancelRequest(deps, actor, request.params.id, request.body.comment);
    },
  );

  app.post(
    '/api/upgrades/retry/:id',
    {
      schema: {
        tags: ['upgrades'],
        description:
          "Reschedules the upgrade's failed jobs as a new upgrade (parent_id = this one), through the same eligibility; a repeated click answers the same new upgrade.",
        params: idParams,
        body: noBodySchema,
        response: { 200: scheduleResultSchema },
      },
      preValidation: changeGuard(app, 'upgrade.retry', { type: 'upgrade', param: 'id' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.retry');
      return retryFailed(app.services.retry, actor, request.params.id);
    },
  );

  app.post(
    '/api/upgrades/purge',
    {
      schema: {
        tags: ['upgrades'],
        description:
          'Deletes the history of finished upgrades here (nothing in Salesforce); all or nothing, active upgrades refused.',
        body: upgradeIdsSchema,
        response: { 200: purgeResultSchema },
      },
      preValidation: changeGuard(app, 'upgrade.purge', { type: 'upgrade' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.purge');
      return purgeUpgrades(deps, actor, request.body.upgradeIds);
    },
  );

  app.post(
    '/api/stats',
    {
      schema: {
        tags: ['upgrades'],
        description: 'Analyze: per package, the orgs per job status across the upgrades.',
        body: upgradeIdsSchema,
        response: { 200: z.array(upgradeStatsRowSchema) },
      },
    },
    async (request) => {
      requireActor(request);
      return upgradeStats(db, request.body.upgradeIds);
    },
  );

  app.get(
    '/api/upgrades/:id',
    {
      schema: {
        tags: ['upgrades'],
        description: 'One upgrade with its job counts and why it stopped.',
        params: idParams,
        response: { 200: upgradeDetailSchema },
      },
    },
    async (request) => requireUpgrade(request.params.id),
  );

  app.get(
    '/api/upgradeitems/:id',
    {
      schema: {
        tags: ['upgrades'],
        description: 'One upgrade request with its job counts.',
        params: idParams,
        response: { 200: upgradeItemDetailSchema },
      },
    },
    async (request) => {
      const item = await findUpgradeItemDetail(db, request.params.id);
      if (!item) throw new NotFoundError(`No upgrade request ${request.params.id}.`);
      return item;
    },
  );

  app.post(
    '/api/orgs/:orgId/upgrade/preview',
    {
      schema: {
        tags: ['upgrades'],
        description:
          'What scheduling these versions for the org would do (orgs reached, orgs left out and why); nothing is created.',
        params: z.object({ orgId: orgIdParam }),
        body: schedulePreviewBodySchema,
        response: { 200: schedulePreviewSchema },
      },
    },
    async (request) => {
      requireActor(request);
      return previewSchedule(scheduler, { orgId: request.params.orgId }, request.body.versions);
    },
  );

  app.post(
    '/api/orggroups/:id/upgrade/preview',
    {
      schema: {
        tags: ['orggroups'],
        description:
          "What scheduling these versions for the group's members would do; nothing is created.",
        params: idParams,
        body: schedulePreviewBodySchema,
        response: { 200: schedulePreviewSchema },
      },
    },
    async (request) => {
      requireActor(request);
      return previewSchedule(scheduler, { groupId: request.params.id }, request.body.versions);
    },
  );

  registerServerList(app, {
    path: '/api/upgrades/:id/jobs',
    tag: 'upgrades',
    description: "The upgrade's jobs (or one request's, with itemId), paged, sorted and filtered.",
    list: UPGRADE_JOB_LIST,
    source: UPGRADE_JOB_SOURCE,
    row: upgradeJobSchema,
    params: { id: numericId },
    scopeQuery: upgradeJobListQueryShape,
    scope: async (params, query) => {
      await requireUpgrade(params.id);
      return upgradeJobScope(params.id, query.itemId);
    },
  });

  registerServerList(app, {
    path: '/api/upgrades/:id/blacklist',
    tag: 'upgrades',
    description: 'The orgs the upgrade left out, with the reason.',
    list: UPGRADE_BLACKLIST_LIST,
    source: UPGRADE_BLACKLIST_SOURCE,
    row: upgradeBlacklistRowSchema,
    params: { id: numericId },
    scope: async (params) => {
      await requireUpgrade(params.id);
      return upgradeBlacklistScope(params.id);
    },
  });
}
