// A job's status, and the red 'Error' chip when the job carries a message (docs/product.md
// "Upgrade request detail" and "Job messages"): the chip opens the job message dialog. Used by
// every upgrade jobs table and the Org detail's tab.
import { useState } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import type { UpgradeJob } from '../../../../domain';
import { JobMessageDialog } from './JobMessageDialog';

export function JobStatusCell({ job }: { job: Pick<UpgradeJob, 'status' | 'message'> }) {
  const [open, setOpen] = useState(false);
  return (
    <Group gap={6} wrap="nowrap">
      <Text span size="sm">
        {job.status}
      </Text>
      {job.message ? (
        <>
          <Badge
            component="button"
            type="button"
            color="red"
            variant="filled"
            data-testid="job-error"
            style={{ cursor: 'pointer', border: 0 }}
            onClick={(event) => {
              // The row may be a link: the chip opens the dialog, not the row.
              event.preventDefault();
              event.stopPropagation();
              setOpen(true);
            }}
          >
            Error
          </Badge>
          <JobMessageDialog message={open ? job.message : null} onClose={() => setOpen(false)} />
        </>
      ) : null}
    </Group>
  );
}
