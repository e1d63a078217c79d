// Demo mode: at first start, two org groups of real demo customers, so the group screens show
// what operators use them for — a pilot wave to aim an upgrade at, and a blacklist that keeps
// orgs out of every upgrade. Seeded once (deleting them later is respected), from the licensed
// orgs the simulated LMA reports through the same gateway the sync uses.
import { z } from 'zod';
import { KEY_PREFIXES, toId18 } from '../../domain';
import type { Database } from '../db/database';
import {
  demoGroupsSeeded,
  insertDemoGroup,
  markDemoGroupsSeeded,
} from '../db/repositories/demo-groups';
import type { SalesforceGateway } from '../salesforce/gateway';

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
  if (await demoGroupsSeeded(db)) return;
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
      await insertDemoGroup(tx, group, members);
    }
    await markDemoGroupsSeeded(tx);
  });
}
