// What the simulator holds, asked the way an operator would check: record counts from the
// simulator itself and SOQL COUNT() queries through the gateway.
import { z } from 'zod';
import { toId18 } from '../../../domain/ids';
import type { SqlClient } from '../../db/database';
import type { SyncHarness } from './sync-harness';

export async function tableCount(db: SqlClient, table: string, where = 'true'): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
  );
  return rows[0]?.n ?? 0;
}

export async function soqlCount(h: SyncHarness, orgId: string, soql: string): Promise<number> {
  const conn = await h.gateway.connect(orgId);
  const reply = await conn.conn.query(soql);
  return reply.totalSize;
}

/** Distinct subscriber org ids the LMA's licenses name, in their 18-character form. */
export async function licensedOrgIds(h: SyncHarness): Promise<Set<string>> {
  const conn = await h.gateway.connect(h.lmaId);
  const rows = await conn.queryAll(
    'SELECT sfLma__Subscriber_Org_ID__c FROM sfLma__License__c',
    z.object({ sfLma__Subscriber_Org_ID__c: z.string() }),
  );
  return new Set(rows.map((r) => toId18(r.sfLma__Subscriber_Org_ID__c) ?? ''));
}

/** PackageSubscriber rows of the packaging orgs of active packages (what a fetch stores). */
export async function activeSubscriberCount(h: SyncHarness): Promise<number> {
  const { rows } = await h.testDb.db.query<{ package_org_id: string }>(
    `SELECT DISTINCT package_org_id FROM package WHERE status IS DISTINCT FROM 'Inactive'`,
  );
  const counts = h.sim.control.counts();
  return rows.reduce((sum, row) => sum + (counts[row.package_org_id]?.PackageSubscriber ?? 0), 0);
}
