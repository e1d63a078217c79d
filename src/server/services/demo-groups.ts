// Demo mode: at first start, two org groups of real demo customers, so the group screens show
// what operators use them for — a pilot wave to aim an upgrade at, and a blacklist that keeps
// orgs out of every upgrade. Seeded once (deleting them later is respected), from the licensed
// orgs the simulated LMA reports through the same gateway the sync uses.
import { z } from 'zod';
import { KEY_PREFIXES, toId18 } from '../../domain';
import type { Database } from '../db/database';
import type { SalesforceGateway } from '../salesforce/gateway';

const SEEDED = 'demo_groups_seeded';

const DEMO_GROUPS = [
  {
    name: 'Pilot customers',
    type: 'Upgrade Group',
    description: 'Customers who take every new version first',
    size: 12,
  },
  {
    name: 'Change freeze',
    type: 'Blacklist Group',
    description: 'Orgs under a change freeze: never upgraded automatically',
    size: 3,
  },
] as const;

const licenseRow = z.object({ sfLma__Subscriber_Org_ID__c: z.string().nullish() });

export async function seedDemoGroups(
  db: Database,
  gateway: SalesforceGateway,
  lmaOrgId: string,
): Promise<void> {
  const done = await db.query(`SELECT 1 FROM sync_state WHERE key = $1`, [SEEDED]);
  if (done.rows.length > 0) return;
  const connection = await gateway.connect(lmaOrgId);
  const licenses = await connection.queryAll(
    `SELECT sfLma__Subscriber_Org_ID__c FROM sfLma__License__c
     WHERE sfLma__Status__c = 'Active' ORDER BY sfLma__Subscriber_Org_ID__c LIMIT 200`,
    licenseRow,
  );
  const orgIds = [
    ...new Set(
      licenses.flatMap((row) => {
        const id = toId18(row.sfLma__Subscriber_Org_ID__c ?? '', KEY_PREFIXES.organization);
        return id ? [id] : [];
      }),
    ),
  ];
  await db.transaction(async (tx) => {
    let next = 0;
    for (const group of DEMO_GROUPS) {
      const members = orgIds.slice(next, next + group.size);
      next += group.size;
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO org_group (name, type, description, created_by)
         VALUES ($1, $2, $3, 'demo setup') RETURNING id`,
        [group.name, group.type, group.description],
      );
      await tx.query(
        `INSERT INTO org_group_member (org_group_id, org_id, added_by)
         SELECT $1, unnest($2::text[]), 'demo setup'`,
        [rows[0]!.id, members],
      );
    }
    await tx.query(`INSERT INTO sync_state (key, value) VALUES ($1, 'true')`, [SEEDED]);
  });
}
