// Changing a PackagePushRequest's status in its packaging org: 'Pending' schedules the push
// (activation), 'Canceled' aborts it (cancel). Salesforce answers per record; a refusal is thrown
// as a SalesforceError carrying Salesforce's own words, so the caller changes nothing locally and
// the user reads why (weakness 13 in
// docs/architecture.md "Weaknesses of the console Pushboard replaces": refusals were logged and
// swallowed).
import { SalesforceError } from '../../errors';
import type { OrgConnection } from '../../salesforce/org-connection';

export type PushRequestTarget = 'Pending' | 'Canceled';

export async function updatePushRequestStatus(
  conn: Pick<OrgConnection, 'update'>,
  pushRequestId: string,
  status: PushRequestTarget,
): Promise<void> {
  const [result] = await conn.update('PackagePushRequest', [
    { Id: pushRequestId.trim(), Status: status },
  ]);
  if (!result) throw new SalesforceError('Salesforce did not answer the status update.');
  if (!result.success) {
    const message =
      result.errors.map((e) => e.message).join(', ') ||
      `Salesforce refused to set the push request to ${status}.`;
    throw new SalesforceError(message, result.errors[0]?.statusCode);
  }
}
