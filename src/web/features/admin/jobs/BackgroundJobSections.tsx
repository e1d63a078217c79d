import { SimpleGrid, Stack } from '@mantine/core';
import type { AdminJobs } from '../../../../domain';
import { JobSection } from './JobSection';
import { useAdminLayout } from './useAdminLayout';

/**
 * The four sections of docs/product.md "Administration: Background Jobs and Audit Log". Wide
 * screens put the work in progress (Active Jobs, Queue) beside the history (Recent Jobs, All
 * History); below 1000 px they stack in that same order.
 */
export function BackgroundJobSections({ jobs }: { jobs: AdminJobs }) {
  const layout = useAdminLayout();
  const inProgress = [
    <JobSection
      key="active"
      title="Active Jobs"
      testId="admin-section-active"
      jobs={jobs.jobs}
      emptyText="No active jobs"
    />,
    <JobSection
      key="queue"
      title="Queue"
      testId="admin-section-queue"
      jobs={jobs.queue}
      emptyText="No queued jobs"
    />,
  ];
  const history = [
    <JobSection
      key="recent"
      title="Recent Jobs"
      testId="admin-section-recent"
      jobs={jobs.history.latest}
      emptyText="No job history"
    />,
    <JobSection
      key="history"
      title="All History"
      testId="admin-section-history"
      jobs={jobs.history.all}
      emptyText="No job history"
    />,
  ];
  const columns = layout === 'two-columns' ? [inProgress, history] : [[...inProgress, ...history]];

  return (
    <SimpleGrid cols={columns.length} spacing="md" data-layout={layout}>
      {columns.map((sections, index) => (
        <Stack key={index} gap="md" data-testid="admin-column">
          {sections}
        </Stack>
      ))}
    </SimpleGrid>
  );
}
