// Upgrade Request detail (docs/product.md "Upgrade request detail"): the request's fields, its
// progress, Activate / Cancel / Refresh Request, and its push jobs with the red 'Error' chip for a
// job's message, and its failure clusters (docs/product.md "Failure clusters").
import { Alert, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { formatDuration, type UpgradeItemDetail } from '../../../../domain';
import { localDateTime } from '../../../components/dateTime';
import { paths } from '../../../components/paths';
import { RecordHeader, type RecordField } from '../../../components/RecordHeader';
import { RecordLink } from '../../../components/RecordLink';
import { RecordPlaceholder } from '../../../components/RecordPlaceholder';
import { Screen } from '../../../components/Screen';
import { useCurrentUser } from '../../../app/current-user/useCurrentUser';
import { useTableAccess } from '../../../app/current-user/useTableAccess';
import { StatusText } from '../shared/StatusText';
import { UpgradeItemActions } from './UpgradeItemActions';
import { FailureClustersPanel } from '../failures/FailureClustersPanel';
import { UpgradeJobsTable } from '../jobs/UpgradeJobsTable';
import { UpgradeProgressBar } from '../shared/UpgradeProgressBar';
import { itemProgress } from '../shared/upgradeProgress';
import { useUpgradeItemDetail } from '../shared/upgradeQueries';

function fields(item: UpgradeItemDetail): RecordField[] {
  const progress = itemProgress(item);
  return [
    { label: 'Scheduled Start', value: localDateTime(item.scheduled_start_time) || null },
    { label: 'Status', value: <StatusText text={progress.message} tone={progress.tone} /> },
    { label: 'Created By', value: item.created_by },
    { label: 'Activated By', value: item.activated_by },
    { label: 'Activated On', value: localDateTime(item.activated_date) || null },
    { label: 'Start Time', value: localDateTime(item.start_time) || null },
    { label: 'End Time', value: localDateTime(item.end_time) || null },
    { label: 'Duration', value: formatDuration(item.duration) || null },
    {
      label: 'Upgrade',
      value: <RecordLink to={paths.upgrade(item.upgrade_id)}>{item.description}</RecordLink>,
    },
    {
      label: 'Package',
      value: <RecordLink to={paths.package(item.package_id)}>{item.package_name}</RecordLink>,
    },
    {
      label: 'Version',
      value: (
        <RecordLink to={paths.packageVersion(item.version_id)}>{item.version_number}</RecordLink>
      ),
    },
    { label: 'Jobs', value: String(item.total_job_count) },
  ];
}

export function UpgradeItemDetailScreen() {
  const { itemId = '' } = useParams<'itemId'>();
  const { readOnly, username } = useTableAccess();
  const { user } = useCurrentUser();
  const state = useUpgradeItemDetail(itemId);
  const item = state.record;

  let body;
  if (!item) {
    body = <RecordPlaceholder what="request" state={state} />;
  } else {
    body = (
      <>
        <RecordHeader
          kind="Upgrade Request"
          title={`${item.package_name ?? 'Package'} ${item.version_number ?? ''}`.trim()}
          parent={{ label: 'Upgrade', to: paths.upgrade(item.upgrade_id) ?? '/upgrades' }}
          fields={fields(item)}
          actions={<UpgradeItemActions item={item} actor={user ?? null} readOnly={readOnly} />}
        >
          {item.message && (
            <Alert color="red" mt="md" title="Salesforce says" data-testid="request-message">
              {item.message}
            </Alert>
          )}
          <UpgradeProgressBar progress={itemProgress(item)} label="Request progress" />
        </RecordHeader>
        <UpgradeJobsTable
          upgradeId={item.upgrade_id}
          itemId={item.id}
          readOnly={readOnly}
          username={username}
        />
        <Title order={4} mt="xl">
          Failures
        </Title>
        <FailureClustersPanel upgradeId={item.upgrade_id} itemId={item.id} readOnly={readOnly} />
      </>
    );
  }

  return (
    <Screen name="upgradeitem" title={item ? `Request ${item.id}` : 'Upgrade Request'}>
      {body}
    </Screen>
  );
}
