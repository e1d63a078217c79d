// Demo mode: users sign in through the simulator, which lives in memory. After a restart their
// sessions hold tokens of a simulator that no longer exists; such a session would go on working
// until its next permission check (up to 15 minutes later) and then end in the middle of
// something. Ending them at start-up sends everyone to the sign-in page on their next click
// instead, once. Sessions opened with the admin access key need no Salesforce and stay.
import type { SqlClient } from '../db/database';
import { deleteSessionsSignedInWith } from '../db/repositories/sessions';

/** Ends the sessions signed in through the simulator; answers how many. */
export function endSimulatorSignIns(db: SqlClient): Promise<number> {
  return deleteSessionsSignedInWith(db, 'salesforce');
}
