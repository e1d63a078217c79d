// The upgrade job reads (docs/api.md "Upgrades") for the tabs of other screens; an upgrade's own
// Jobs tab is a server-paged list (see the note in index.ts).
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { upgradeJobQuerySchema, upgradeJobSchema } from '../upgrades';

export const upgradeJobEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/upgradejobs',
    tag: 'upgrades',
    description: 'Upgrade jobs of an upgrade, a request or an org.',
    query: upgradeJobQuerySchema,
    response: z.array(upgradeJobSchema),
  }),
};
