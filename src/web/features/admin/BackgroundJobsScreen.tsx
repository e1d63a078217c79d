import { Alert, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { RememberedTabs } from '../../components/RememberedTabs';
import { Screen } from '../../components/Screen';
import { AuditLogSection } from './audit/AuditLogSection';
import { BackgroundJobSections } from './jobs/BackgroundJobSections';
import { BackgroundJobsActions } from './actions/BackgroundJobsActions';
import { OldConsoleImportSection } from './import/OldConsoleImportSection';
import { useAdminJobs } from './jobs/useAdminJobs';
import { WebhooksSection } from './webhooks/WebhooksSection';

/**
 * /admin (docs/product.md "Administration: Background Jobs and Audit Log"): start, watch and cancel
 * background jobs; a second tab holds the Audit Log (rendered only when chosen: it is a
 * server-paged table), a third the Webhooks (docs/product.md "Webhooks"), and a fourth the import
 * from the old console (docs/operations.md "Importing from the old console").
 */
export function BackgroundJobsScreen() {
  const jobs = useAdminJobs();

  return (
    <Screen name="admin" title="Background Jobs">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={1}>Background Jobs</Title>
          <BackgroundJobsActions />
        </Group>
        <RememberedTabs
          id="admin"
          tabs={[
            { value: 'jobs', label: 'Jobs', content: <JobsPanel jobs={jobs} /> },
            { value: 'audit', label: 'Audit Log', content: <AuditLogSection /> },
            { value: 'webhooks', label: 'Webhooks', content: <WebhooksSection /> },
            { value: 'import', label: 'Import', content: <OldConsoleImportSection /> },
          ]}
        />
      </Stack>
    </Screen>
  );
}

function JobsPanel({ jobs }: { jobs: ReturnType<typeof useAdminJobs> }) {
  return (
    <Stack gap="md">
      {jobs.error && (
        // After a first answer, a failed refresh keeps the last jobs on screen under this note.
        <Alert color="red" title="Could not load the background jobs">
          {jobs.error.message}
        </Alert>
      )}
      {jobs.data ? (
        <BackgroundJobSections jobs={jobs.data} />
      ) : (
        jobs.isPending && (
          <Center p="xl">
            <Loader aria-label="Loading background jobs" />
          </Center>
        )
      )}
    </Stack>
  );
}
