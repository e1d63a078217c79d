import { Group } from '@mantine/core';
import type { ConnectedOrg } from '../../../domain';
import { ChangeActionButton } from '../../components/ChangeActionButton';

interface ConnectedOrgActionsProps {
  org: ConnectedOrg;
  readOnly: boolean;
}

/**
 * The connected org's actions (spec §2 Connected Org detail). Every one changes the connection
 * and arrives with connected-org management; until then each shows disabled and says why. When
 * they land: Connect is disabled while Connected, and Export, Refresh and Revoke need Connected
 * (spec §4 "Connected org").
 */
export function ConnectedOrgActions({ org, readOnly }: ConnectedOrgActionsProps) {
  return (
    <Group gap="xs" role="group" aria-label="Connected org actions">
      {/* Only a packaging org can be switched on and off for upgrades. */}
      {org.type === 'Package' && (
        <ChangeActionButton readOnly={readOnly} size="xs" variant="default">
          {org.active ? 'Deactivate' : 'Activate'}
        </ChangeActionButton>
      )}
      <ChangeActionButton readOnly={readOnly} size="xs">
        Connect
      </ChangeActionButton>
      <ChangeActionButton readOnly={readOnly} size="xs" variant="default">
        Export
      </ChangeActionButton>
      <ChangeActionButton readOnly={readOnly} size="xs" variant="default">
        Refresh
      </ChangeActionButton>
      <ChangeActionButton readOnly={readOnly} size="xs" variant="default">
        Revoke
      </ChangeActionButton>
      <ChangeActionButton readOnly={readOnly} size="xs" variant="default">
        Edit
      </ChangeActionButton>
      <ChangeActionButton readOnly={readOnly} size="xs" color="red" variant="light">
        Delete
      </ChangeActionButton>
    </Group>
  );
}
