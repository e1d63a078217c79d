// Changes on orgs (spec §7): PUT /api/orgs imports org ids (unknown ones are looked up by a
// background job), and PUT /api/orgs/{orgId}/blacklist is the Org detail's blacklist toggle.
// Read-only users are refused before the body is read.
import { z } from 'zod';
import {
  blacklistResultSchema,
  importOrgsResultSchema,
  importOrgsSchema,
  orgIdParam,
  setBlacklistedSchema,
} from '../../../domain';
import { setBlacklisted } from '../../services/groups/blacklist-toggle';
import { importOrgs } from '../../services/groups/org-import';
import type { AppInstance } from '../app';
import { changeGuard, requireChange } from '../auth';

export function orgChangeRoutes(app: AppInstance): void {
  app.put(
    '/api/orgs',
    {
      schema: {
        tags: ['orgs'],
        description:
          'Imports org ids: known ones are counted, unknown ones are looked up in the LMA and the packaging orgs by a background job; the orgs event with the transid reports the outcome.',
        body: importOrgsSchema,
        response: { 200: importOrgsResultSchema },
      },
      preValidation: changeGuard(app, 'org.import'),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'org.import');
      return importOrgs(app.services.orgImport, actor, request.body);
    },
  );

  app.put(
    '/api/orgs/:orgId/blacklist',
    {
      schema: {
        tags: ['orgs'],
        description:
          'Blacklists an org (it joins a Blacklist Group) or lifts that; says what keeps it blacklisted otherwise.',
        params: z.object({ orgId: orgIdParam }),
        body: setBlacklistedSchema,
        response: { 200: blacklistResultSchema },
      },
      preValidation: changeGuard(app, 'org.blacklist', { type: 'org', param: 'orgId' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'org.blacklist');
      return setBlacklisted(
        app.services.blacklistToggle,
        actor,
        request.params.orgId,
        request.body.blacklisted,
      );
    },
  );
}
