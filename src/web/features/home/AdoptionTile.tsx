// The home page's adoption tile (docs/product.md "Home page"): per package, the share of its orgs
// on the latest version, as counted at the last fetch; a bar opens the package's adoption.
import { BarChart } from '@mantine/charts';
import { Anchor, Paper, Text, Title, Group } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { HomeSummary } from '../../../domain';
import { ChartFigure } from '../../components/charts/ChartFigure';
import { localDateTime } from '../../components/dateTime';
import { paths } from '../../components/paths';

const count = new Intl.NumberFormat('en-US');

interface AdoptionTileProps {
  packages: HomeSummary['adoption']['packages'];
  countedAt: string | null;
  percent: (value: number) => string;
}

export function AdoptionTile({ packages, countedAt, percent }: AdoptionTileProps) {
  const navigate = useNavigate();
  const rows = packages
    .filter((p) => p.orgs > 0)
    .map((p) => ({
      ...p,
      share: Math.round((p.on_latest / p.orgs) * 1000) / 10,
      behind: Math.round(((p.orgs - p.on_latest) / p.orgs) * 1000) / 10,
    }));
  return (
    <Paper withBorder p="md" data-testid="tile-adoption" style={{ gridColumn: '1 / -1' }}>
      <Group justify="space-between" align="center" mb="sm">
        <Title order={2} size="h4">
          Adoption
        </Title>
        <Anchor component={Link} to="/packages" size="sm">
          Packages
        </Anchor>
      </Group>
      <ChartFigure
        id="home-adoption"
        title="Share of orgs on the latest version"
        caption={
          countedAt
            ? `Counted at the last fetch, ${localDateTime(countedAt)}`
            : 'Counted at the end of each fetch: none has finished yet.'
        }
        empty="No fetch has counted the orgs yet."
        table={{
          columns: ['Package', 'Latest version', 'Orgs', 'On the latest', 'Share'],
          rows: rows.map((p) => [
            <Anchor
              key="p"
              component={Link}
              to={paths.package(p.package_id) ?? '/packages'}
              size="sm"
            >
              {p.name}
            </Anchor>,
            p.latest_version_number ?? '',
            count.format(p.orgs),
            count.format(p.on_latest),
            percent(p.share),
          ]),
        }}
      >
        <BarChart
          h={Math.max(160, rows.length * 36)}
          data={rows}
          dataKey="name"
          orientation="vertical"
          type="percent"
          yAxisProps={{ width: 160, interval: 0 }}
          series={[
            { name: 'share', label: 'On the latest (%)', color: 'teal.6' },
            { name: 'behind', label: 'Older versions (%)', color: 'gray.4' },
          ]}
          barProps={{
            cursor: 'pointer',
            onClick: (_data: unknown, index: number) => {
              const row = rows[index];
              if (row) void navigate(paths.package(row.package_id) ?? '/packages');
            },
          }}
          withLegend
        />
      </ChartFigure>
      {rows.length === 0 && packages.length > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          No package has an org yet.
        </Text>
      )}
    </Paper>
  );
}
