// The connected orgs a step reads from, each read on its own: one org failing (down, revoked,
// misconfigured) is reported and the others still land. A cancel is never swallowed. And what
// the steps' reads of those orgs share (stampedRead).
import {
  listConnectedOrgs,
  type ConnectedOrgRow,
  type ConnectedOrgType,
} from '../db/repositories/connected-orgs';
import type { z } from 'zod';
import type { OrgConnection } from '../salesforce/org-connection';
import type { JobContext } from '../jobs/types';
import type { SyncDeps } from './deps';
import type { FetchRun } from './fetch-run';
import { dateTimeMs } from './record-values';

/** An error that names the source org it came from, so the Admin page says which one failed. */
export class SourceError extends Error {
  constructor(what: string, org: Pick<ConnectedOrgRow, 'org_id' | 'name'>, cause: unknown) {
    super(`${what} from ${org.name} (${org.org_id}) failed: ${messageOf(cause)}`, { cause });
    this.name = 'SourceError';
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Connected orgs of these types; packaging orgs only when active (the subscriber sources). */
export async function sourceOrgs(
  deps: SyncDeps,
  types: readonly ConnectedOrgType[],
): Promise<ConnectedOrgRow[]> {
  const orgs = await listConnectedOrgs(deps.db);
  return orgs.filter((org) => types.includes(org.type) && (org.type !== 'Package' || org.active));
}

/**
 * Runs `read` for every org; failures become job errors (Invalid orgs are reported as needing a
 * new authorization without calling Salesforce). Answers the orgs that were read completely.
 */
export async function forEachSource(
  deps: SyncDeps,
  context: JobContext,
  what: string,
  orgs: readonly ConnectedOrgRow[],
  read: (org: ConnectedOrgRow, conn: OrgConnection) => Promise<void>,
): Promise<ConnectedOrgRow[]> {
  const done: ConnectedOrgRow[] = [];
  for (const org of orgs) {
    context.throwIfCanceled();
    if (org.status === 'Invalid') {
      context.error(new SourceError(what, org, 'the org needs to be connected again'));
      continue;
    }
    try {
      await read(org, await deps.gateway.connect(org.org_id));
      done.push(org);
    } catch (error) {
      if (context.signal.aborted) throw error;
      context.error(new SourceError(what, org, error));
    }
  }
  return done;
}

/** A record Salesforce stamps with its id and last change, which incremental reads follow. */
interface Stamped {
  Id: string;
  SystemModstamp: string;
}

/**
 * What every step's read of a stamped object from `conn` shares (readSource's spec): records
 * parsed by `schema`, the watermark following SystemModstamp, the run saying whether the read is
 * full, the job's signal canceling it.
 */
export function stampedRead<R extends Stamped>(
  deps: SyncDeps,
  run: Pick<FetchRun, 'full'>,
  context: JobContext,
  conn: OrgConnection,
  schema: z.ZodType<R>,
) {
  return {
    db: deps.db,
    conn,
    schema,
    modifiedField: 'SystemModstamp',
    identify: (record: R) => ({ id: record.Id, modifiedMs: dateTimeMs(record.SystemModstamp) }),
    full: run.full,
    signal: context.signal,
    ...(deps.pageSize ? { pageSize: deps.pageSize } : {}),
  };
}
