// The upgrade's and the request's progress bar (docs/product.md "Upgrade detail", "Progress" and
// "Constants and limits"): success, canceled (yellow) and error segments from the domain's
// progress, each segment already widened to stay visible.
import { Group, Progress, Stack, Text } from '@mantine/core';
import type { Progress as JobProgress } from '../../../../domain';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

interface UpgradeProgressBarProps {
  progress: JobProgress;
  label: string;
  /** A rollout's wave lanes draw one each: they name their own. */
  testId?: string;
}

export function UpgradeProgressBar({
  progress,
  label,
  testId = 'upgrade-progress',
}: UpgradeProgressBarProps) {
  const { segments } = progress;
  return (
    <Stack gap={4} mt="md">
      <Progress.Root size="lg" aria-label={label} data-testid={testId}>
        {segments.success > 0 && (
          <Progress.Section value={segments.success} color="green" data-segment="success" />
        )}
        {segments.warning > 0 && (
          <Progress.Section value={segments.warning} color="yellow" data-segment="canceled" />
        )}
        {segments.error > 0 && (
          <Progress.Section value={segments.error} color="red" data-segment="error" />
        )}
      </Progress.Root>
      <Group gap="md">
        <Text
          size="xs"
          c="dimmed"
          data-testid={testId === 'upgrade-progress' ? 'progress-summary' : `${testId}-summary`}
        >
          {`${percent.format(progress.percentage)}% · ${progress.succeeded} succeeded · ${progress.canceled} canceled · ${progress.errors} failed · ${progress.active} active`}
        </Text>
      </Group>
    </Stack>
  );
}
