// The home page (docs/product.md "Home page"): the fleet at a glance. Each tile links to the list
// behind it, filtered; the page refetches on the live events of what it shows (live.ts), so
// running upgrades move while it is open. It has no change action, so read-only users see the
// same page.
import { lazy, Suspense, type ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  EXPIRING_LICENSE_DAYS,
  RECENT_FAILURE_HOURS,
  fleetEndpoints,
  formatPercent,
  progressOfUpgradeCounts,
  type HomeSummary,
  type HomeUpgrade,
} from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { useEndpointQuery } from '../../api/useEndpointQuery';
import { fromNow, localDateTime } from '../../components/dateTime';
import { filteredListPath } from '../../components/filteredListPath';
import { paths } from '../../components/paths';
import { Screen } from '../../components/Screen';
import { UpgradeProgressBar } from '../upgrades';

const count = new Intl.NumberFormat('en-US');

// The adoption chart's library loads after the tiles that need none are on screen.
const AdoptionTile = lazy(() =>
  import('./AdoptionTile').then((m) => ({ default: m.AdoptionTile })),
);

interface TileProps {
  id: string;
  title: string;
  /** The list behind the tile, filtered to what it counts. */
  link: { to: string; label: string };
  badge?: ReactNode;
  children: ReactNode;
}

function Tile({ id, title, link, badge, children }: TileProps) {
  return (
    <Paper withBorder p="md" data-testid={`tile-${id}`}>
      <Group justify="space-between" align="center" mb="sm" wrap="nowrap">
        <Group gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {badge}
        </Group>
        <Anchor component={Link} to={link.to} size="sm">
          {link.label}
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}

const Quiet = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed">
    {children}
  </Text>
);

function RunningUpgrade({ upgrade }: { upgrade: HomeUpgrade }) {
  const progress = progressOfUpgradeCounts(upgrade);
  return (
    <div>
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={paths.upgrade(upgrade.id) ?? '/upgrades'} size="sm" fw={500}>
          {`${upgrade.id} · ${upgrade.description}`}
        </Anchor>
        {upgrade.wave_count > 0 && (
          <Badge size="sm" variant="light" color={upgrade.halted ? 'red' : 'blue'}>
            {upgrade.halted
              ? `Rollout halted at wave ${upgrade.current_wave ?? '?'}`
              : `Rollout: wave ${upgrade.current_wave ?? upgrade.wave_count} of ${upgrade.wave_count}`}
          </Badge>
        )}
      </Group>
      <UpgradeProgressBar progress={progress} label={`Progress of upgrade ${upgrade.id}`} />
      {upgrade.halted && upgrade.message && (
        <Text size="xs" c="red">
          {upgrade.message}
        </Text>
      )}
    </div>
  );
}

function UpgradesTile({ home }: { home: HomeSummary }) {
  const upgrades = home.active_upgrades;
  return (
    <Tile
      id="upgrades"
      title="Running upgrades"
      badge={<Badge variant="light">{upgrades.length}</Badge>}
      link={{ to: filteredListPath('/upgrades', { status: '"Active"' }), label: 'All active' }}
    >
      <Stack gap="md">
        {upgrades.length === 0 && <Quiet>No upgrade is running.</Quiet>}
        {upgrades.map((upgrade) => (
          <RunningUpgrade key={upgrade.id} upgrade={upgrade} />
        ))}
      </Stack>
    </Tile>
  );
}

function FailuresTile({ home }: { home: HomeSummary }) {
  const { failures } = home;
  return (
    <Tile
      id="failures"
      title={`Failures, last ${RECENT_FAILURE_HOURS} hours`}
      badge={
        <Badge color={failures.total > 0 ? 'red' : 'gray'} variant="light">
          {count.format(failures.total)}
        </Badge>
      }
      link={{ to: '/upgrades', label: 'Upgrades' }}
    >
      <Stack gap={4}>
        {failures.upgrades.length === 0 && <Quiet>No job failed.</Quiet>}
        {failures.upgrades.map((row) => (
          <Group key={row.upgrade_id} justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={paths.upgrade(row.upgrade_id) ?? '/upgrades'} size="sm">
              {`${row.upgrade_id} · ${row.description}`}
            </Anchor>
            <Text size="sm" c="red" fw={500}>
              {`${count.format(row.failed)} failed`}
            </Text>
          </Group>
        ))}
        {failures.clusters.length > 0 && (
          <Text size="xs" fw={600} c="dimmed" mt="xs" data-testid="home-failure-clusters">
            By error
          </Text>
        )}
        {failures.clusters.map((cluster) => {
          const error = cluster.errors[0];
          const title = error ? [error.type, error.title].filter(Boolean).join(': ') : '';
          return (
            <Group key={cluster.key} justify="space-between" wrap="nowrap" align="flex-start">
              <Anchor
                component={Link}
                to={paths.upgrade(cluster.latest_upgrade_id) ?? '/upgrades'}
                size="sm"
                title={error?.message}
                lineClamp={1}
              >
                {title || error?.message || 'Failed without a message'}
              </Anchor>
              <Text size="sm" c="red" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {`${count.format(cluster.failed)} in ${count.format(cluster.upgrades)} upgrade${cluster.upgrades === 1 ? '' : 's'}`}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Tile>
  );
}

function AttentionTile({ home }: { home: HomeSummary }) {
  const { connected_orgs: orgs, expiring_licenses: expiring } = home.attention;
  return (
    <Tile
      id="attention"
      title="Needs attention"
      badge={
        <Badge color={orgs.length + expiring > 0 ? 'orange' : 'gray'} variant="light">
          {count.format(orgs.length)}
        </Badge>
      }
      link={{
        to: filteredListPath('/packageorgs', { status: '"Invalid", "Missing"' }),
        label: 'Connected orgs',
      }}
    >
      <Stack gap={4}>
        {orgs.length === 0 && <Quiet>Every connected org works.</Quiet>}
        {orgs.map((org) => (
          <div key={org.org_id}>
            <Group gap="xs" wrap="nowrap">
              <Anchor
                component={Link}
                to={filteredListPath('/packageorgs', { org_id: `"${org.org_id}"` })}
                size="sm"
              >
                {org.name}
              </Anchor>
              <Badge color="red" variant="light" size="sm">
                {org.status}
              </Badge>
              <Text size="xs" c="dimmed">
                {org.type}
              </Text>
            </Group>
            {org.status_reason && <Quiet>{org.status_reason}</Quiet>}
          </div>
        ))}
        <Anchor
          component={Link}
          to={filteredListPath('/licenses', {
            status: 'Active, Trial',
            expiration: `>= #TODAY && <= ${home.attention.expiring_until}`,
          })}
          size="sm"
          mt="xs"
        >
          {`${count.format(expiring)} Active or Trial licenses expire in the next ${EXPIRING_LICENSE_DAYS} days`}
        </Anchor>
      </Stack>
    </Tile>
  );
}

function JobsTile({ home }: { home: HomeSummary }) {
  const { running, failed } = home.jobs;
  const line = (job: HomeSummary['jobs']['running'][number], failedJob: boolean) => (
    <div key={job.id}>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {job.name}
        </Text>
        <Badge color={failedJob ? 'red' : 'blue'} variant="light" size="sm">
          {job.status}
        </Badge>
        <Text size="xs" c="dimmed" title={localDateTime(job.end_time ?? job.start_time)}>
          {fromNow(job.end_time ?? job.start_time)}
        </Text>
      </Group>
      {job.message && <Quiet>{job.message}</Quiet>}
    </div>
  );
  return (
    <Tile
      id="jobs"
      title="Background jobs"
      badge={
        <Badge color={failed.length > 0 ? 'red' : 'gray'} variant="light">
          {`${running.length} running · ${failed.length} failed`}
        </Badge>
      }
      link={{ to: '/admin', label: 'Administration' }}
    >
      <Stack gap={6}>
        {running.length + failed.length === 0 && (
          <Quiet>{`Nothing running, nothing failed in the last ${RECENT_FAILURE_HOURS} hours.`}</Quiet>
        )}
        {running.map((job) => line(job, false))}
        {failed.map((job) => line(job, true))}
      </Stack>
    </Tile>
  );
}

export function HomeScreen() {
  const query = useEndpointQuery(queryKeys.home, fleetEndpoints.home);
  const home = query.data;
  return (
    <Screen name="home" title="Home">
      <Title order={1} size="h2" mb="md">
        Fleet
      </Title>
      {query.isError && <Text c="red">Failed Request</Text>}
      {!home && !query.isError && <Quiet>Loading…</Quiet>}
      {home && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <UpgradesTile home={home} />
          <FailuresTile home={home} />
          <AttentionTile home={home} />
          <JobsTile home={home} />
          <Suspense fallback={<Quiet>Loading the adoption chart…</Quiet>}>
            <AdoptionTile
              packages={home.adoption.packages}
              countedAt={home.adoption.counted_at}
              percent={formatPercent}
            />
          </Suspense>
        </SimpleGrid>
      )}
    </Screen>
  );
}
