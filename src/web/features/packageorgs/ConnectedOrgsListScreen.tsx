// Connected Orgs list (spec §2): the packaging, license and account orgs Pushboard works
// through, with their connection status, and the Add Org, Refresh, Revoke and Delete actions.
import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { CONNECTED_ORG_LIST, CONNECTED_ORGS_NOTE, type ConnectedOrg } from '../../../domain';
import { ChangeActionButton } from '../../components/ChangeActionButton';
import { browserTimeZone, DataTable } from '../../components/data-table';
import { Screen } from '../../components/Screen';
import { useTableAccess } from '../auth/useTableAccess';
import { ListTitle } from '../../components/ListTitle';
import { connectedOrgCells, connectedOrgHref } from './connectedOrgCells';
import { useConnectedOrgs } from './useConnectedOrgs';

export function ConnectedOrgsListScreen() {
  const { readOnly, username } = useTableAccess();
  const orgs = useConnectedOrgs();
  const renderCell = useMemo(() => connectedOrgCells(browserTimeZone()), []);

  return (
    <Screen name="packageorgs" title="Connected Orgs">
      <ListTitle title="Connected Orgs" total={orgs.data?.length} inWords />
      <Text size="sm" c="dimmed" mt={-8} mb="md">
        {CONNECTED_ORGS_NOTE}
      </Text>
      <DataTable<ConnectedOrg>
        name="packageorgs"
        list={CONNECTED_ORG_LIST}
        source={{ mode: 'client', rows: orgs.data, loading: orgs.isPending, error: orgs.error }}
        rowHref={connectedOrgHref}
        renderCell={renderCell}
        // Spec §6: read-only users cannot select rows in the connected orgs list.
        selectable={!readOnly}
        readOnly={readOnly}
        username={username}
        toolbar={
          <>
            <ChangeActionButton readOnly={readOnly} size="xs">
              Add Org
            </ChangeActionButton>
            <ChangeActionButton readOnly={readOnly} size="xs" variant="default">
              Refresh
            </ChangeActionButton>
            <ChangeActionButton readOnly={readOnly} size="xs" variant="default">
              Revoke
            </ChangeActionButton>
            <ChangeActionButton readOnly={readOnly} size="xs" color="red" variant="light">
              Delete
            </ChangeActionButton>
          </>
        }
      />
    </Screen>
  );
}
