import { useId } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { AdminJob } from '../../../../domain';
import { JobCard } from '../job-card/JobCard';

interface JobSectionProps {
  title: string;
  /** Stable hook for browser tests, e.g. 'admin-section-queue'. */
  testId: string;
  jobs: AdminJob[];
  /**
   * The wording of docs/product.md "Administration: Background Jobs and Audit Log" when the section
   * has nothing to show.
   */
  emptyText: string;
}

export function JobSection({ title, testId, jobs, emptyText }: JobSectionProps) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" data-testid={testId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {jobs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Stack gap="sm">
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
