import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { AdminJob } from '../../../../domain';
import { CancelJobButton } from './CancelJobButton';
import { describeInterval } from './jobTimes';
import { JobErrorList } from './JobErrorList';
import { JobProgress } from './JobProgress';
import { JobResultList } from './JobResultList';

/**
 * 'Complete' reads green, every other status red (docs/product.md
 * "Administration: Background Jobs and Audit Log").
 */
export function statusColor(status: AdminJob['status']): 'green' | 'red' {
  return status === 'Complete' ? 'green' : 'red';
}

function startedByText({ startedBy, interval }: AdminJob): string | null {
  if (startedBy) return `Started by ${startedBy}`;
  // Scheduled runs have nobody behind them; saying so beats an empty line.
  return interval !== null ? 'Started by the schedule' : null;
}

/** One background job, as the Admin page's sections list them. */
export function JobCard({ job }: { job: AdminJob }) {
  const startedBy = startedByText(job);
  return (
    <Card
      component="article"
      aria-label={job.name}
      withBorder
      padding="sm"
      data-testid="job-card"
      data-job-type={job.type}
      data-job-status={job.status}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{job.name}</Text>
            <Group gap="xs">
              <Text size="sm" fw={600} c={statusColor(job.status)} data-testid="job-status">
                {job.status}
              </Text>
              {job.canceled && job.status !== 'Cancelled' && (
                <Text size="sm" c="dimmed">
                  (cancel requested)
                </Text>
              )}
              {job.interval !== null && (
                <Badge variant="light" color="gray" size="sm" tt="none">
                  {`recurring every ${describeInterval(job.interval)}`}
                </Badge>
              )}
            </Group>
          </Stack>
          <CancelJobButton job={job} />
        </Group>
        <JobProgress job={job} />
        {startedBy && (
          <Text size="xs" c="dimmed">
            {startedBy}
          </Text>
        )}
        {job.errors.length > 0 && <JobErrorList errors={job.errors} />}
        {job.results.length > 0 && (
          <JobResultList results={job.results} startTime={job.startTime} />
        )}
      </Stack>
    </Card>
  );
}
