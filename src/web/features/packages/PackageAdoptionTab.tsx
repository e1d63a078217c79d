// Package detail's Adoption tab (docs/product.md "Package detail"): orgs per version (a bar opens
// the version's customers, the orgs that run it), the shares on the latest version and N or more
// versions behind it by environment, edition and location, and the version counts of the last 90
// days. As counted at the last fetch (docs/architecture.md "Adoption counts").
import { useState } from 'react';
import { AreaChart, BarChart } from '@mantine/charts';
import { Anchor, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  ADOPTION_HISTORY_DAYS,
  DEFAULT_VERSIONS_BEHIND,
  fleetEndpoints,
  formatPercent,
  type AdoptionShare,
  type PackageAdoption,
} from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { useEndpointQuery } from '../../api/useEndpointQuery';
import { ChartFigure } from '../../components/charts/ChartFigure';
import { localDateTime } from '../../components/dateTime';
import { paths } from '../../components/paths';

const count = new Intl.NumberFormat('en-US');
const share = (part: number, whole: number) =>
  formatPercent(whole === 0 ? 0 : (part / whole) * 100);
/** Versions drawn one by one in the history; the rest are summed as "Other versions". */
const HISTORY_SERIES = 8;
const PALETTE = [
  'blue.6',
  'teal.6',
  'grape.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'indigo.4',
];

function Shares({
  id,
  title,
  rows,
  n,
}: {
  id: string;
  title: string;
  rows: AdoptionShare[];
  n: number;
}) {
  const data = rows.map((r) => ({
    value: r.value,
    latest: r.on_latest,
    between: Math.max(0, r.orgs - r.on_latest - r.behind),
    behind: r.behind,
  }));
  return (
    <ChartFigure
      id={`adoption-${id}`}
      title={title}
      table={{
        columns: [title.replace('By ', ''), 'Orgs', 'On the latest', `${n}+ behind`],
        rows: rows.map((r) => [
          r.value,
          count.format(r.orgs),
          `${count.format(r.on_latest)} (${share(r.on_latest, r.orgs)})`,
          `${count.format(r.behind)} (${share(r.behind, r.orgs)})`,
        ]),
      }}
    >
      <BarChart
        h={Math.max(140, data.length * 34)}
        data={data}
        dataKey="value"
        orientation="vertical"
        type="stacked"
        yAxisProps={{ width: 130, interval: 0 }}
        series={[
          { name: 'latest', label: 'On the latest', color: 'teal.6' },
          { name: 'between', label: 'Behind by less', color: 'yellow.5' },
          { name: 'behind', label: `${n}+ behind`, color: 'red.6' },
        ]}
        withLegend
      />
    </ChartFigure>
  );
}

/** Days as rows, the most used versions as columns (the others summed). */
function historyData(adoption: PackageAdoption) {
  const totals = new Map<string, number>();
  for (const d of adoption.history)
    totals.set(d.version_number, (totals.get(d.version_number) ?? 0) + d.orgs);
  const shown = [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, HISTORY_SERIES)
    .map(([version]) => version);
  const others = totals.size > shown.length;
  const byDay = new Map<string, Record<string, number | string>>();
  for (const d of adoption.history) {
    const row = byDay.get(d.day) ?? { day: d.day };
    const key = shown.includes(d.version_number) ? d.version_number : 'Other versions';
    row[key] = Number(row[key] ?? 0) + d.orgs;
    byDay.set(d.day, row);
  }
  const labels = [...shown, ...(others ? ['Other versions'] : [])];
  // recharts reads a key with dots as a path ('4.5' as row[4][5]): the columns get plain keys.
  const series = labels.map((label, i) => ({ key: `v${i}`, label }));
  const rows = [...byDay.values()].map((row) => {
    const out: Record<string, number | string> = { day: row.day ?? '' };
    for (const { key, label } of series) out[key] = row[label] ?? 0;
    return out;
  });
  return { rows, series };
}

export function PackageAdoptionTab({ packageId }: { packageId: string }) {
  const navigate = useNavigate();
  const [behind, setBehind] = useState(DEFAULT_VERSIONS_BEHIND);
  const query = useEndpointQuery(
    [...queryKeys.adoption, packageId, behind],
    fleetEndpoints.adoption,
    { params: { packageId }, query: { behind } },
  );
  const adoption = query.data;
  if (query.isError) return <Text c="red">Failed Request</Text>;
  if (!adoption) return <Text c="dimmed">Loading…</Text>;
  const history = historyData(adoption);
  const counted = adoption.counted_at
    ? `Counted at the last fetch, ${localDateTime(adoption.counted_at)}`
    : 'Counted at the end of each fetch: none has finished yet.';
  return (
    <Stack gap="md" data-testid="package-adoption">
      <Group gap="xl" align="flex-end" wrap="wrap">
        <Text size="sm" data-testid="adoption-summary">
          {`${count.format(adoption.orgs)} orgs · ${share(adoption.on_latest, adoption.orgs)} on the latest version${
            adoption.latest_version_number ? ` (${adoption.latest_version_number})` : ''
          } · ${share(adoption.behind_count, adoption.orgs)} ${adoption.behind} or more versions behind`}
        </Text>
        <NumberInput
          label="Versions behind"
          size="xs"
          w="auto"
          min={1}
          max={50}
          value={behind}
          onChange={(value) => {
            const n = typeof value === 'number' ? value : Number(value);
            if (Number.isInteger(n) && n >= 1 && n <= 50) setBehind(n);
          }}
        />
      </Group>
      <ChartFigure
        id="adoption-versions"
        title="Orgs per version"
        caption={`${counted}. A bar opens the orgs on that version.`}
        empty="No org has this package, or no fetch has counted them yet."
        table={{
          columns: ['Version', 'Status', 'Orgs', 'Share', 'Versions behind'],
          rows: adoption.versions.map((v) => [
            <Anchor
              key="v"
              component={Link}
              to={paths.packageVersion(v.version_id) ?? '/'}
              size="sm"
            >
              {v.version_number}
            </Anchor>,
            v.status ?? '',
            count.format(v.orgs),
            share(v.orgs, adoption.orgs),
            String(v.behind),
          ]),
        }}
      >
        <BarChart
          h={260}
          data={adoption.versions.map((v) => ({ ...v, version: v.version_number }))}
          dataKey="version"
          series={[{ name: 'orgs', label: 'Orgs', color: 'blue.6' }]}
          barProps={{
            cursor: 'pointer',
            onClick: (_data: unknown, index: number) => {
              const version = adoption.versions[index];
              if (version) void navigate(paths.orgsOnVersion(version.version_id));
            },
          }}
        />
      </ChartFigure>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        <Shares
          id="environment"
          title="By environment"
          rows={adoption.by_environment}
          n={adoption.behind}
        />
        <Shares id="edition" title="By edition" rows={adoption.by_edition} n={adoption.behind} />
        <Shares id="location" title="By location" rows={adoption.by_location} n={adoption.behind} />
      </SimpleGrid>
      <ChartFigure
        id="adoption-history"
        title={`Orgs per version, last ${ADOPTION_HISTORY_DAYS} days`}
        caption="One count a day, from that day's last fetch."
        empty="No fetch has counted the orgs yet."
        table={{
          columns: ['Day', ...history.series.map((s) => s.label)],
          rows: history.rows.map((row) => [
            String(row.day),
            ...history.series.map((s) => count.format(Number(row[s.key] ?? 0))),
          ]),
        }}
      >
        <AreaChart
          h={280}
          data={history.rows}
          dataKey="day"
          type="stacked"
          series={history.series.map(({ key, label }, i) => ({
            name: key,
            label,
            color:
              label === 'Other versions' ? 'gray.5' : (PALETTE[i % PALETTE.length] ?? 'blue.6'),
          }))}
          withLegend
          withDots={history.rows.length < 3}
        />
      </ChartFigure>
    </Stack>
  );
}
