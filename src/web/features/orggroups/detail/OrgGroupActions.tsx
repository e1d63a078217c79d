import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isBlacklistGroup, type OrgGroup } from '../../../../domain';
import { sendLiveMessage } from '../../../api/live';
import { ChangeActionButton } from '../../../components/ChangeActionButton';
import { GroupChangeActions } from '../changes/GroupChangeActions';
import { ScheduleUpgradeModal } from '../../upgrades';

export const REFRESH_VERSIONS_NOTICE =
  "The installed versions of this group's orgs are being refreshed in the background.";

interface OrgGroupActionsProps {
  group: OrgGroup;
  readOnly: boolean;
}

/**
 * The group's actions (docs/product.md "Org Group detail"): Upgrade Packages, Refresh Versions, and
 * Edit and Delete in GroupChangeActions.
 */
export function OrgGroupActions({ group, readOnly }: OrgGroupActionsProps) {
  const [scheduling, setScheduling] = useState(false);
  const refreshVersions = () => {
    sendLiveMessage('refresh-group-versions', group.id);
    notifications.show({
      color: 'blue',
      title: 'Refreshing Versions',
      message: REFRESH_VERSIONS_NOTICE,
      autoClose: 7_000,
    });
  };
  return (
    <Group gap="xs" role="group" aria-label="Group actions">
      {/* A blacklist group's orgs are never upgraded. */}
      {!isBlacklistGroup(group) && (
        <>
          <ChangeActionButton readOnly={readOnly} size="xs" onClick={() => setScheduling(true)}>
            Upgrade Packages
          </ChangeActionButton>
          <ScheduleUpgradeModal
            opened={scheduling}
            onClose={() => setScheduling(false)}
            scope={{ kind: 'group', groupId: group.id }}
            name={group.name}
          />
        </>
      )}
      {/* Refreshing what is installed changes nothing the operator owns: open to everyone
          (docs/product.md "Roles and permissions"). */}
      <Button size="xs" variant="default" onClick={refreshVersions}>
        Refresh Versions
      </Button>
      <GroupChangeActions group={group} readOnly={readOnly} />
    </Group>
  );
}
