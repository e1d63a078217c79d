// Creating an upgrade request's PackagePushRequest exactly once. Salesforce has no idempotency
// key for it, so two things leave a request in Salesforce that no upgrade_item knows: a create
// whose answer was lost after Salesforce committed it (the gateway retries the call and a second
// request is made), and a process killed between Salesforce's answer and the local write (resume
// would make another). Under a lock per package version — no other scheduling can be between its
// create and its local write meanwhile — a Created request of the same version and start time
// that no item knows is such a leftover: it is adopted instead of creating another, and any
// further leftovers are canceled (push requests cannot be deleted), so that only one stays.
import { z } from 'zod';
import type { Database } from '../../db/database';
import { claimedPushRequestIds } from '../../db/repositories/upgrades/requests';
import type { OrgConnection, SaveResult } from '../../salesforce/org-connection';
import { soqlString } from '../../salesforce/soql';
import { updatePushRequestStatus } from './push-request-status';
import { withUpgradeLock } from './upgrade-lock';

const requestSchema = z.object({
  Id: z.string(),
  ScheduledStartTime: z.string().nullish(),
});

export interface PushRequestSpec {
  versionId: string;
  /** ISO time. */
  start: string;
}

/** The answer Salesforce gave when it refused to create the request. */
export type CreateOutcome = { id: string } | { refused: SaveResult | undefined };

/**
 * Answers the id of the one push request for the spec (adopted or created); `claim` writes it
 * locally while the lock is held.
 */
export async function createPushRequestOnce(
  db: Database,
  conn: OrgConnection,
  spec: PushRequestSpec,
  claim: (id: string) => Promise<void>,
): Promise<CreateOutcome> {
  return withUpgradeLock(db, versionLockKey(spec.versionId), async () => {
    const leftovers = await unclaimed(db, conn, spec);
    let id = leftovers[0];
    if (!id) {
      const [result] = await conn.create('PackagePushRequest', [
        { PackageVersionId: spec.versionId, ScheduledStartTime: spec.start },
      ]);
      if (!result?.success || !result.id) return { refused: result };
      id = result.id;
    }
    await claim(id);
    // A create answered only on its retry left the first attempt's request behind.
    for (const extra of await unclaimed(db, conn, spec)) {
      await updatePushRequestStatus(conn, extra, 'Canceled');
    }
    return { id };
  });
}

/** Created requests of the version at the same start (to the second) that no item knows. */
async function unclaimed(
  db: Database,
  conn: OrgConnection,
  spec: PushRequestSpec,
): Promise<string[]> {
  const second = (value: string) => Math.floor(new Date(value).getTime() / 1000);
  const requests = (
    await conn.queryAll(
      `SELECT Id, ScheduledStartTime FROM PackagePushRequest
        WHERE PackageVersionId = ${soqlString(spec.versionId)} AND Status = 'Created' ORDER BY Id`,
      requestSchema,
    )
  ).filter((r) => r.ScheduledStartTime && second(r.ScheduledStartTime) === second(spec.start));
  if (requests.length === 0) return [];
  const known = await claimedPushRequestIds(
    db,
    requests.map((r) => r.Id),
  );
  const claimed = new Set(known.map((id) => id.slice(0, 15)));
  return requests.map((r) => r.Id).filter((id) => !claimed.has(id.slice(0, 15)));
}

/**
 * The upgrade lock's key space is upgrade ids (positive); versions take negative keys, from a
 * 31-bit hash of the version id.
 */
function versionLockKey(versionId: string): number {
  let hash = 0;
  for (const char of versionId.slice(0, 15)) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return -1 - (Math.abs(hash) % 2_147_483_647);
}
