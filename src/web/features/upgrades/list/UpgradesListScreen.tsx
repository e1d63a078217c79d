// The Upgrades list (docs/product.md "Upgrades list"): every upgrade with 'When' (relative time), a
// selection, Purge, Analyze and Export. Few upgrades exist, so the browser filters and sorts them.
import { useState } from 'react';
import { Button } from '@mantine/core';
import { column, UPGRADE_LIST, type ListDefinition, type Upgrade } from '../../../../domain';
import { DataTable } from '../../../components/data-table';
import { ListTitle } from '../../../components/ListTitle';
import { paths } from '../../../components/paths';
import { Screen } from '../../../components/Screen';
import { useTableAccess } from '../../../app/current-user/useTableAccess';
import { WhenCell } from '../../../components/WhenCell';
import { AnalyzeDialog } from './AnalyzeDialog';
import { PurgeButton } from '../actions/PurgeButton';
import { StatusText } from '../shared/StatusText';
import { useUpgrades } from '../shared/upgradeQueries';

/** The list's columns with 'When', the scheduled start as relative time, after Scheduled Start. */
export const UPGRADES_SCREEN_LIST: ListDefinition = {
  ...UPGRADE_LIST,
  columns: UPGRADE_LIST.columns.flatMap((listColumn) =>
    listColumn.id === 'start_time'
      ? [listColumn, column('when', 'When', 'datetime', { field: 'start_time' })]
      : [listColumn],
  ),
};

export function UpgradesListScreen() {
  const { readOnly, username } = useTableAccess();
  const upgrades = useUpgrades();
  const [selection, setSelection] = useState<Set<string>>(new Set());
  const [analyzing, setAnalyzing] = useState<number[] | null>(null);
  const selectedIds = [...selection].map(Number);
  // Analyze reads the selection, or every upgrade when none is selected.
  const analyzeIds = selectedIds.length > 0 ? selectedIds : (upgrades.data ?? []).map((u) => u.id);

  return (
    <Screen name="upgrades" title="Upgrades">
      <ListTitle title="Upgrades" total={upgrades.data?.length} />
      <DataTable<Upgrade>
        name="upgrades"
        list={UPGRADES_SCREEN_LIST}
        source={{
          mode: 'client',
          rows: upgrades.data,
          loading: upgrades.isPending,
          error: upgrades.error,
        }}
        rowHref={(upgrade) => paths.upgrade(upgrade.id)}
        renderCell={{
          when: (upgrade) => <WhenCell value={upgrade.start_time} />,
          status: (upgrade) => <StatusText text={upgrade.status} />,
        }}
        selectable
        selection={selection}
        onSelectionChange={setSelection}
        readOnly={readOnly}
        username={username}
        exportName="Upgrades"
        toolbar={
          <>
            <PurgeButton
              upgradeIds={selectedIds}
              readOnly={readOnly}
              onPurged={() => setSelection(new Set())}
            />
            <Button
              size="xs"
              variant="default"
              disabled={analyzeIds.length === 0}
              onClick={() => setAnalyzing(analyzeIds)}
            >
              Analyze
            </Button>
          </>
        }
      />
      <AnalyzeDialog upgradeIds={analyzing} onClose={() => setAnalyzing(null)} />
    </Screen>
  );
}
