// Orgs list (spec §2 /orgs): every customer org, server-paged; the Blacklisted toggle narrows the
// list to the orgs kept out of upgrades, and a row opens the org.
import { Group, Switch, Text, Title } from '@mantine/core';
import { ORG_LIST, type Org } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { ChangeActionButton } from '../../components/ChangeActionButton';
import { DataTable } from '../../components/data-table';
import { Screen } from '../../components/Screen';
import { useCurrentUser, useIsReadOnly } from '../auth/useCurrentUser';
import { orgPath } from './orgLinks';
import { blacklistedParams, useBlacklistedToggle } from './useBlacklistedToggle';
import { totalText, useListTotal } from './useListTotal';

export function OrgsListScreen() {
  const readOnly = useIsReadOnly();
  const { user } = useCurrentUser();
  const [blacklisted, setBlacklisted] = useBlacklistedToggle(ORG_LIST.key);
  const params = blacklistedParams(blacklisted);
  const total = useListTotal(queryKeys.orgs, params);

  return (
    <Screen name="orgs" title="Orgs">
      <Group gap="sm" align="baseline" mb="sm">
        <Title order={1} size="h2">
          Orgs
        </Title>
        {total && (
          <Text c="dimmed" data-testid="orgs-total">
            {totalText(total)}
          </Text>
        )}
      </Group>
      <DataTable<Org>
        name="orgs"
        list={ORG_LIST}
        source={{ mode: 'server', endpoint: '/api/orgs', params, queryKey: queryKeys.orgs }}
        rowHref={(org) => orgPath(org.org_id)}
        // Selecting only reads (the 'N Selected' view, Export), so read-only users may too.
        selectable
        readOnly={readOnly}
        username={user?.username}
        exportName={blacklisted ? 'BlacklistedOrgs' : 'Orgs'}
        toolbar={
          <>
            <Switch
              label="Blacklisted"
              checked={blacklisted}
              onChange={(event) => setBlacklisted(event.currentTarget.checked)}
            />
            <ChangeActionButton readOnly={readOnly} size="xs" variant="default">
              Add To Group
            </ChangeActionButton>
            <ChangeActionButton readOnly={readOnly} size="xs" variant="default">
              Import
            </ChangeActionButton>
          </>
        }
      />
    </Screen>
  );
}
