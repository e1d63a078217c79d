// Upgrade detail (docs/product.md "Upgrade detail"): the fields, 'status - item status' with the
// comment, why it stopped, the progress bar, the actions, a staged rollout's swimlanes, and the
// Requests, Jobs, Blacklist and Timeline tabs. Live events refetch the record and the tabs
// (src/web/api/live.ts), so progress moves without a reload.
import { lazy, Suspense } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import type { UpgradeDetail } from '../../../../domain';
import { localDateTime } from '../../../components/dateTime';
import { paths } from '../../../components/paths';
import { RecordHeader, type RecordField } from '../../../components/RecordHeader';
import { RecordLink } from '../../../components/RecordLink';
import { RecordPlaceholder } from '../../../components/RecordPlaceholder';
import { RememberedTabs } from '../../../components/RememberedTabs';
import { Screen } from '../../../components/Screen';
import { useCurrentUser } from '../../../app/current-user/useCurrentUser';
import { useTableAccess } from '../../../app/current-user/useTableAccess';
import { StatusText } from '../shared/StatusText';
import { UpgradeActions } from './UpgradeActions';
import { UpgradeBlacklistTab } from './UpgradeBlacklistTab';
import { FailureClustersPanel } from '../failures/FailureClustersPanel';
import { RolloutSection } from '../rollout/RolloutSection';
import { UpgradeJobsTable } from '../jobs/UpgradeJobsTable';
import { UpgradeProgressBar } from '../shared/UpgradeProgressBar';
import { UpgradeRequestsTab } from './UpgradeRequestsTab';
import { upgradeProgress } from '../shared/upgradeProgress';
import { useUpgradeDetail, useUpgrades } from '../shared/upgradeQueries';

const count = new Intl.NumberFormat('en-US');

// The timeline draws charts: their library loads when the tab is first opened.
const UpgradeTimelineTab = lazy(() =>
  import('./UpgradeTimelineTab').then((m) => ({ default: m.UpgradeTimelineTab })),
);

/**
 * The status reads 'status - item status', with the comment under it (docs/product.md
 * "Upgrade detail").
 */
export function upgradeStatusText(upgrade: Pick<UpgradeDetail, 'status' | 'item_status'>): string {
  return upgrade.item_status ? `${upgrade.status} - ${upgrade.item_status}` : upgrade.status;
}

function fields(upgrade: UpgradeDetail, retries: readonly number[]): RecordField[] {
  const list: RecordField[] = [
    { label: 'Scheduled Start', value: localDateTime(upgrade.start_time) || null },
    {
      label: 'Status',
      value: (
        <Stack gap={0}>
          <StatusText text={upgradeStatusText(upgrade)} />
          {upgrade.comment && (
            <Text size="xs" c="dimmed" data-testid="upgrade-comment">
              {upgrade.comment}
            </Text>
          )}
        </Stack>
      ),
    },
    { label: 'Jobs', value: count.format(upgrade.total_job_count) },
    { label: 'Created By', value: upgrade.created_by },
    { label: 'Activated By', value: upgrade.activated_by },
    { label: 'Activated On', value: localDateTime(upgrade.activated_date) || null },
  ];
  if (upgrade.parent_id !== null)
    list.push({
      label: 'Retry Of',
      value: (
        <RecordLink
          to={paths.upgrade(upgrade.parent_id)}
        >{`Upgrade ${upgrade.parent_id}`}</RecordLink>
      ),
    });
  if (retries.length > 0)
    list.push({
      label: 'Retried As',
      value: retries.map((id, index) => (
        <span key={id}>
          {index > 0 && ', '}
          <RecordLink to={paths.upgrade(id)}>{`Upgrade ${id}`}</RecordLink>
        </span>
      )),
    });
  return list;
}

export function UpgradeDetailScreen() {
  const { upgradeId = '' } = useParams<'upgradeId'>();
  const { readOnly, username } = useTableAccess();
  const { user } = useCurrentUser();
  const state = useUpgradeDetail(upgradeId);
  const upgrade = state.record;
  // The retries of this upgrade (children) come from the list: there are few upgrades.
  const all = useUpgrades();
  const retries = (all.data ?? [])
    .filter((other) => upgrade !== undefined && other.parent_id === upgrade.id)
    .map((other) => other.id);

  let body;
  if (!upgrade) {
    body = <RecordPlaceholder what="upgrade" state={state} />;
  } else {
    const tabProps = { upgradeId: upgrade.id, readOnly, username };
    body = (
      <>
        <RecordHeader
          kind="Upgrade"
          title={upgrade.description}
          parent={{ label: 'Upgrades', to: '/upgrades' }}
          fields={fields(upgrade, retries)}
          actions={<UpgradeActions upgrade={upgrade} actor={user ?? null} readOnly={readOnly} />}
        >
          {upgrade.message && (
            <Alert color="red" mt="md" title="Why it stopped" data-testid="upgrade-message">
              {upgrade.message}
            </Alert>
          )}
          <UpgradeProgressBar progress={upgradeProgress(upgrade)} label="Upgrade progress" />
        </RecordHeader>
        <RolloutSection upgrade={upgrade} actor={user ?? null} readOnly={readOnly} />
        <RememberedTabs
          id="UpgradeView"
          tabs={[
            {
              value: 'requests',
              label: 'Requests',
              content: <UpgradeRequestsTab {...tabProps} />,
            },
            { value: 'jobs', label: 'Jobs', content: <UpgradeJobsTable {...tabProps} /> },
            {
              value: 'failures',
              label: 'Failures',
              content: <FailureClustersPanel upgradeId={upgrade.id} readOnly={readOnly} />,
            },
            {
              value: 'blacklist',
              label: 'Blacklist',
              content: <UpgradeBlacklistTab {...tabProps} />,
            },
            {
              value: 'timeline',
              label: 'Timeline',
              content: (
                <Suspense fallback={<Text c="dimmed">Loading…</Text>}>
                  <UpgradeTimelineTab upgradeId={upgrade.id} />
                </Suspense>
              ),
            },
          ]}
        />
      </>
    );
  }

  return (
    <Screen name="upgrade" title={upgrade ? upgrade.description : 'Upgrade'}>
      {body}
    </Screen>
  );
}
