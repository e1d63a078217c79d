// Orgs list (docs/product.md "Orgs list"): every customer org, server-paged; the Blacklisted toggle
// narrows the list to the orgs kept out of upgrades, and a row opens the org. Add To Group sends
// the selection to a group; Import looks pasted org ids up.
import { lazy, Suspense, useState } from 'react';
import { Switch } from '@mantine/core';
import { ORG_LIST, type Org } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { ChangeActionButton } from '../../../components/ChangeActionButton';
import { DataTable } from '../../../components/data-table';
import { Screen } from '../../../components/Screen';
import { ListTitle } from '../../../components/ListTitle';
import { paths } from '../../../components/paths';
import { useListTotal } from '../../../components/useListTotal';
import { useTableAccess } from '../../../app/current-user/useTableAccess';
import { SelectionButton } from '../../../components/selection/SelectionButton';
import { orgsSource } from './prefetchOrgsList';
import { useBlacklistedToggle } from './useBlacklistedToggle';

// The group modals load when first opened: the list shows without their code.
const SelectGroupModal = lazy(() =>
  import('../../orggroups').then((m) => ({ default: m.SelectGroupModal })),
);
const ImportOrgsModal = lazy(() =>
  import('../../orggroups').then((m) => ({ default: m.ImportOrgsModal })),
);

export function OrgsListScreen() {
  const { readOnly, username } = useTableAccess();
  const [blacklisted, setBlacklisted] = useBlacklistedToggle(ORG_LIST.key);
  const source = orgsSource(blacklisted);
  const params = source.params ?? {};
  const total = useListTotal(queryKeys.orgs, params);
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  // Mounted from their first opening on, so they close with their transition.
  const [used, setUsed] = useState({ adding: false, importing: false });
  const open = (modal: 'adding' | 'importing') => {
    setUsed((previous) => ({ ...previous, [modal]: true }));
    (modal === 'adding' ? setAdding : setImporting)(true);
  };

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
              onClick={() => open('adding')}
            >
              Add To Group
            </SelectionButton>
            <ChangeActionButton
              readOnly={readOnly}
              size="xs"
              variant="default"
              onClick={() => open('importing')}
            >
              Import
            </ChangeActionButton>
          </>
        }
      />
      <Suspense fallback={null}>
        {used.adding && (
          <SelectGroupModal
            opened={adding}
            onClose={() => setAdding(false)}
            orgIds={[...selection]}
          />
        )}
        {used.importing && (
          <ImportOrgsModal opened={importing} onClose={() => setImporting(false)} />
        )}
      </Suspense>
    </Screen>
  );
}
