// Orgs list (docs/product.md "Orgs list"): every customer org, server-paged; the Blacklisted toggle
// narrows the list to the orgs kept out of upgrades, and a row opens the org. Add To Group sends
// the selection to a group; Import looks pasted org ids up.
import { useState } from 'react';
import { Switch } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { orgEndpoints, ORG_LIST, type Org } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { ChangeActionButton } from '../../../components/ChangeActionButton';
import { DataTable, prefetchServerList, type ServerSource } from '../../../components/data-table';
import { Screen } from '../../../components/Screen';
import { ListTitle } from '../../../components/ListTitle';
import { paths } from '../../../components/paths';
import { useListTotal } from '../../../components/useListTotal';
import { useTableAccess } from '../../../app/current-user/useTableAccess';
import { readCachedUser } from '../../../app/current-user/cachedUser';
import { ImportOrgsModal, SelectGroupModal } from '../../orggroups';
import { SelectionButton } from '../../../components/selection/SelectionButton';
import { blacklistedParams, readBlacklisted, useBlacklistedToggle } from './useBlacklistedToggle';

function orgsSource(blacklisted: boolean): ServerSource {
  return {
    mode: 'server',
    endpoint: orgEndpoints.list,
    params: blacklistedParams(blacklisted),
    queryKey: queryKeys.orgs,
  };
}

/** Starts loading the page the screen will show first (app/screens.ts), before it renders. */
export function prefetchOrgsList(queryClient: QueryClient): Promise<void> {
  return prefetchServerList(queryClient, {
    list: ORG_LIST,
    source: orgsSource(readBlacklisted(ORG_LIST.key)),
    // The table's user until the server answers: the copy this tab keeps, if any.
    username: readCachedUser()?.username ?? null,
  });
}

export function OrgsListScreen() {
  const { readOnly, username } = useTableAccess();
  const [blacklisted, setBlacklisted] = useBlacklistedToggle(ORG_LIST.key);
  const source = orgsSource(blacklisted);
  const params = source.params ?? {};
  const total = useListTotal(queryKeys.orgs, params);
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);

  return (
    <Screen name="orgs" title="Orgs">
      <ListTitle title="Orgs" total={total?.total} estimate={total?.isEstimate} />
      <DataTable<Org>
        name="orgs"
        list={ORG_LIST}
        source={source}
        rowHref={(org) => paths.org(org.org_id)}
        // Selecting only reads (the 'N Selected' view, Export), so read-only users may too.
        selectable
        selection={selection}
        onSelectionChange={setSelection}
        readOnly={readOnly}
        username={username}
        exportName={blacklisted ? 'BlacklistedOrgs' : 'Orgs'}
        toolbar={
          <>
            <Switch
              label="Blacklisted"
              checked={blacklisted}
              onChange={(event) => setBlacklisted(event.currentTarget.checked)}
            />
            <SelectionButton
              readOnly={readOnly}
              selected={selection.size}
              onClick={() => setAdding(true)}
            >
              Add To Group
            </SelectionButton>
            <ChangeActionButton
              readOnly={readOnly}
              size="xs"
              variant="default"
              onClick={() => setImporting(true)}
            >
              Import
            </ChangeActionButton>
          </>
        }
      />
      <SelectGroupModal opened={adding} onClose={() => setAdding(false)} orgIds={[...selection]} />
      <ImportOrgsModal opened={importing} onClose={() => setImporting(false)} />
    </Screen>
  );
}
