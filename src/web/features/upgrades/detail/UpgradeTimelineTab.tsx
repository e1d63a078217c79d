// Upgrade detail's Timeline tab (docs/product.md "Upgrade detail"): per request, how many jobs were
// pending, in progress, succeeded and failed, minute by minute. Its query sits under the upgrade's
// key, so the live events that refetch the upgrade (upgrade, upgrade-items, upgrade-jobs) redraw
// it while the upgrade runs.
import { LineChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { fleetEndpoints, type UpgradeTimeline } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { useEndpointQuery } from '../../../api/useEndpointQuery';
import { ChartFigure } from '../../../components/charts/ChartFigure';
import { localDateTime } from '../../../components/dateTime';

const count = new Intl.NumberFormat('en-US');
const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

const SERIES = [
  { name: 'pending', label: 'Pending', color: 'gray.5' },
  { name: 'in_progress', label: 'In progress', color: 'blue.6' },
  { name: 'succeeded', label: 'Succeeded', color: 'teal.6' },
  { name: 'failed', label: 'Failed', color: 'red.6' },
] as const;

function RequestTimeline({
  request,
  step,
}: {
  request: UpgradeTimeline['requests'][number];
  step: number;
}) {
  const title = `Request ${request.item_id}: ${request.package_name ?? 'Package'} ${request.version_number ?? ''}`;
  const data = request.points.map((p) => ({ ...p, at: time.format(new Date(p.minute)) }));
  return (
    <ChartFigure
      id={`timeline-${request.item_id}`}
      title={title}
      caption={
        step === 1 ? 'Jobs at the end of each minute.' : `Jobs at the end of every ${step} minutes.`
      }
      empty="No job of this request has started yet."
      table={{
        columns: ['Minute', ...SERIES.map((s) => s.label)],
        rows: request.points.map((p) => [
          localDateTime(p.minute),
          count.format(p.pending),
          count.format(p.in_progress),
          count.format(p.succeeded),
          count.format(p.failed),
        ]),
      }}
    >
      <LineChart
        h={240}
        data={data}
        dataKey="at"
        series={SERIES.map((s) => ({ ...s }))}
        withLegend
        withDots={data.length < 20}
        curveType="stepAfter"
      />
    </ChartFigure>
  );
}

export function UpgradeTimelineTab({ upgradeId }: { upgradeId: number }) {
  const query = useEndpointQuery(
    [...queryKeys.upgrade, upgradeId, 'timeline'],
    fleetEndpoints.timeline,
    { params: { id: upgradeId } },
  );
  const timeline = query.data;
  if (query.isError) return <Text c="red">Failed Request</Text>;
  if (!timeline) return <Text c="dimmed">Loading…</Text>;
  if (timeline.requests.length === 0) return <Text c="dimmed">This upgrade has no request.</Text>;
  return (
    <Stack gap="md" data-testid="upgrade-timeline">
      {timeline.requests.map((request) => (
        <RequestTimeline key={request.item_id} request={request} step={timeline.step_minutes} />
      ))}
    </Stack>
  );
}
