// Scheduling an upgrade (spec §7): POST /api/orgs/{orgId}/upgrade and the group interface's
// POST /api/orggroups/{id}/upgrade. Read-only users are refused before the body is even read;
// the answer carries the upgrade id (the same one for a repeated transid). When nobody could be
// upgraded nothing is written and the answer is 409 with the preview's reasons (`preview`). The
// live 'upgrade' event with the transid follows the commit.
import { z } from 'zod';
import {
  numericId,
  orgIdParam,
  scheduleResultSchema,
  scheduleUpgradeSchema,
} from '../../../domain';
import type { AppInstance } from '../app';
import { changeGuard, requireChange } from '../auth';

const ACTION = 'upgrade.schedule';

export function upgradeScheduleRoutes(app: AppInstance): void {
  const scheduler = app.services.scheduler;

  app.post(
    '/api/orgs/:orgId/upgrade',
    {
      schema: {
        tags: ['upgrades'],
        description:
          'Schedules an upgrade of one org to the selected versions (a repeated transid answers the same upgrade); 409 with the preview when the org cannot be upgraded to any of them.',
        params: z.object({ orgId: orgIdParam }),
        body: scheduleUpgradeSchema,
        response: { 200: scheduleResultSchema },
      },
      preValidation: changeGuard(app, ACTION, { type: 'org', param: 'orgId' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, ACTION);
      return scheduler.schedule(actor, { orgId: request.params.orgId }, request.body);
    },
  );

  app.post(
    '/api/orggroups/:id/upgrade',
    {
      schema: {
        tags: ['orggroups'],
        description:
          "Schedules an upgrade of a group's member orgs to the selected versions (a repeated transid answers the same upgrade); 409 with the preview when no member can be upgraded to any of them.",
        params: z.object({ id: numericId }),
        body: scheduleUpgradeSchema,
        response: { 200: scheduleResultSchema },
      },
      preValidation: changeGuard(app, ACTION, { type: 'org_group', param: 'id' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, ACTION);
      return scheduler.schedule(actor, { groupId: request.params.id }, request.body);
    },
  );
}
