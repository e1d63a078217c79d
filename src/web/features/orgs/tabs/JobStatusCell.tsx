// A job's status, and the red 'Error' chip when the job carries a message (spec §2, §8 "Job
// message"). The error dialog comes with the upgrade screens; until then the chip shows the
// message on hover and focus.
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { UpgradeJob } from '../../../../domain';

export function JobStatusCell({ job }: { job: Pick<UpgradeJob, 'status' | 'message'> }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text span size="sm">
        {job.status}
      </Text>
      {job.message ? (
        <Tooltip
          label={job.message}
          multiline
          maw={480}
          events={{ hover: true, focus: true, touch: true }}
        >
          <Badge color="red" variant="filled" tabIndex={0} data-testid="job-error">
            Error
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
