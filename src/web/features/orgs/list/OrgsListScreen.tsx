// Orgs list (docs/product.md "Orgs list"): every customer org, server-paged; the Blacklisted toggle
// narrows the list to the orgs kept out of upgrades, and a row opens the org. Add To Group sends
// the selection to a group; Import looks pasted org ids up; Schedule Upgrade schedules the orgs
// the filters show (docs/product.md "Scheduling an upgrade"), with at least one filter.
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Anchor, Badge, Button, Group, Switch } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ORG_FILTER_REQUIRED, ORG_LIST, type ColumnFilter, type Org } from '../../../../domain';
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
const ScheduleUpgradeModal = lazy(() =>
  import('../../upgrades').then((m) => ({ default: m.ScheduleUpgradeModal })),
);

export function OrgsListScreen() {
  const { readOnly, username } = useTableAccess();
  const [blacklisted, setBlacklisted] = useBlacklistedToggle(ORG_LIST.key);
  // An adoption chart's bar opens the list narrowed to one version (?versionId=04t…).
  const [search, setSearch] = useSearchParams();
  const versionId = search.get('versionId');
  const source = orgsSource(blacklisted, versionId);
  const params = source.params ?? {};
  const total = useListTotal(queryKeys.orgs, params);
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  // Mounted from their first opening on, so they close with their transition.
  const [used, setUsed] = useState({ adding: false, importing: false, scheduling: false });
  const open = (modal: 'adding' | 'importing' | 'scheduling') => {
    setUsed((previous) => ({ ...previous, [modal]: true }));
    ({ adding: setAdding, importing: setImporting, scheduling: setScheduling })[modal](true);
  };
  const [filters, setFilters] = useState<readonly ColumnFilter[]>([]);
  const onFiltersApplied = useCallback(
    (applied: readonly ColumnFilter[]) => setFilters(applied),
    [],
  );
  const scope = useMemo(
    () => ({
      kind: 'orgs' as const,
      filters,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }),
    [filters],
  );

  return (
    <Screen name="orgs" title="Orgs">
      <ListTitle title="Orgs" total={total?.total} estimate={total?.isEstimate} />
      {versionId && (
        <Group gap="xs" mb="xs">
          <Badge variant="light" size="lg">{`On package version ${versionId}`}</Badge>
          <Anchor size="sm" component="button" onClick={() => setSearch({})}>
            Show every org
          </Anchor>
        </Group>
      )}
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
        onFiltersApplied={onFiltersApplied}
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
            {readOnly ? (
              <ChangeActionButton readOnly size="xs" variant="default">
                Schedule Upgrade
              </ChangeActionButton>
            ) : (
              <Button
                size="xs"
                variant="default"
                // The schedule takes the column filters, not the version narrowing.
                disabled={filters.length === 0 || versionId !== null}
                title={
                  versionId !== null
                    ? 'Show every org first: an upgrade is scheduled from the column filters'
                    : filters.length === 0
                      ? ORG_FILTER_REQUIRED
                      : undefined
                }
                onClick={() => open('scheduling')}
              >
                Schedule Upgrade
              </Button>
            )}
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
        {used.scheduling && (
          <ScheduleUpgradeModal
            opened={scheduling}
            onClose={() => setScheduling(false)}
            scope={scope}
            name={`${total?.total ?? 'the'} filtered orgs`}
          />
        )}
      </Suspense>
    </Screen>
  );
}
