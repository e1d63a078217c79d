// The org detail's buttons (docs/product.md "Org detail"): Upgrade Packages and Add To Group change
// things, so read-only users see them disabled; Refresh Versions only reads Salesforce, so
// read-only users have it too (docs/product.md "Roles and permissions").
import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { sendLiveMessage } from '../../../api/live';
import { ChangeActionButton } from '../../../components/ChangeActionButton';
import { AddOrgToGroupButton } from './AddOrgToGroupButton';
import { ScheduleUpgradeModal } from '../../upgrades';

export const REFRESH_VERSIONS_TITLE = 'Refreshing Versions';

/** The info toast after Refresh Versions: the work runs as a background job. */
export function refreshVersionsMessage(orgName: string): string {
  return `The package versions of ${orgName} are being refreshed in the background. The Versions tab updates when the refresh is done.`;
}

interface OrgActionsProps {
  orgId: string;
  orgName: string;
  readOnly: boolean;
}

export function OrgActions({ orgId, orgName, readOnly }: OrgActionsProps) {
  const [scheduling, setScheduling] = useState(false);
  const refreshVersions = () => {
    // The server answers with an 'org-versions' event when done, which reloads the Versions tab.
    sendLiveMessage('refresh-org-versions', orgId);
    notifications.show({
      color: 'blue',
      title: REFRESH_VERSIONS_TITLE,
      message: refreshVersionsMessage(orgName),
      autoClose: 7000,
    });
  };
  return (
    <>
      <ChangeActionButton readOnly={readOnly} size="xs" onClick={() => setScheduling(true)}>
        Upgrade Packages
      </ChangeActionButton>
      <ScheduleUpgradeModal
        opened={scheduling}
        onClose={() => setScheduling(false)}
        scope={{ kind: 'org', orgId }}
        name={orgName}
      />
      <AddOrgToGroupButton orgId={orgId} readOnly={readOnly} />
      <Button size="xs" variant="default" onClick={refreshVersions}>
        Refresh Versions
      </Button>
    </>
  );
}
