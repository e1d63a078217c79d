import { Group, Progress, Stack, Text } from '@mantine/core';
import type { AdminJob } from '../../../../domain';
import { jobDuration } from './jobTimes';

/** Whole percent of the steps done; a job that never learnt its step count is 0 % until done. */
export function stepPercent({ stepIndex, stepCount, status }: AdminJob): number {
  if (stepCount <= 0) return status === 'Complete' ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((stepIndex / stepCount) * 100)));
}

function barColor(status: AdminJob['status']): string {
  if (status === 'Complete') return 'green';
  if (status === 'Failed' || status === 'Cancelled') return 'red';
  return 'brand';
}

/**
 * A progress bar with the job's message and how long it has run (docs/product.md
 * "Administration: Background Jobs and Audit Log").
 */
export function JobProgress({ job }: { job: AdminJob }) {
  return (
    <Stack gap={4}>
      <Progress
        value={stepPercent(job)}
        color={barColor(job.status)}
        animated={job.status === 'Running'}
        aria-label={`Progress of ${job.name}`}
      />
      <Group justify="space-between" wrap="nowrap" gap="sm" align="baseline">
        <Text size="sm" data-testid="job-message" style={{ minWidth: 0 }}>
          {job.message}
        </Text>
        <Text size="sm" c="dimmed" data-testid="job-duration" style={{ whiteSpace: 'nowrap' }}>
          {jobDuration(job)}
        </Text>
      </Group>
    </Stack>
  );
}
