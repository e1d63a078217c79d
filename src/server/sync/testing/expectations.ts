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

/** A table's indexes and foreign keys as the catalog defines them (to compare around a load). */
export async function tableStructures(db: SqlClient, table: string): Promise<string[]> {
  const { rows } = await db.query<{ definition: string }>(
    `SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index WHERE indrelid = $1::regclass
     UNION ALL
     SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
     WHERE conrelid = $1::regclass AND contype = 'f'
     ORDER BY 1`,
    [table],
  );
  return rows.map((row) => row.definition);
}

/** Rows per table a complete fetch stores, as the simulator itself counts them. */
export async function simulatorCounts(h: SyncHarness): Promise<Record<string, number | undefined>> {
  const lma = h.sim.control.counts(h.lmaId)[h.lmaId] ?? {};
  return {
    license: lma.sfLma__License__c,
    package: lma.sfLma__Package__c,
    package_version: lma.sfLma__Package_Version__c,
    org_package_version: await activeSubscriberCount(h),
    account: await soqlCount(
      h,
      h.lmaId,
      'SELECT COUNT() FROM Account WHERE Id IN (SELECT sfLma__Account__c FROM sfLma__License__c)',
    ),
    org: (await licensedOrgIds(h)).size,
  };
}

/** Rows per table stored, for the tables simulatorCounts names. */
export async function storedCounts(db: SqlClient): Promise<Record<string, number>> {
  const tables = ['license', 'package', 'package_version', 'org_package_version', 'account', 'org'];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await tableCount(db, table);
  return counts;
}
