import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudDownload, IconCloudUpload, IconExternalLink } from '@tabler/icons-react';
import type { ClientMessageName } from '../../../../domain';
import { sendLiveMessage } from '../../../api/live';
import { useCurrentUser, useIsReadOnly } from '../../../app/current-user/useCurrentUser';
import { ChangeActionButton } from '../../../components/ChangeActionButton';
import { useAdminSettings } from './useAdminSettings';

interface JobStart {
  message: ClientMessageName;
  label: string;
  title: string;
  text: string;
}

const FETCH: JobStart = {
  message: 'fetch',
  label: 'Fetch Data',
  title: 'Fetch started',
  text: 'Fetching what changed in Salesforce. Watch it under Active Jobs.',
};
const FETCH_ALL: JobStart = {
  message: 'fetch-all',
  label: 'Fetch All Data',
  title: 'Fetch All started',
  text: 'Fetching all data from Salesforce again. Watch it under Active Jobs.',
};
const FETCH_UPGRADES: JobStart = {
  message: 'fetch-upgrades',
  label: 'Fetch Upgrades',
  title: 'Fetch Upgrades started',
  text: 'Reading the running upgrades from Salesforce. Watch it under Active Jobs.',
};
const UPLOAD_ORGS: JobStart = {
  message: 'upload-orgs',
  label: 'Upload Orgs',
  title: 'Upload started',
  text: 'Uploading the orgs to the log-analytics service. Watch it under Active Jobs.',
};

/**
 * The dashboard of the app on the hosting provider (Open Dashboard in docs/product.md
 * "Administration: Background Jobs and Audit Log").
 */
export function hostingDashboardUrl(appName: string): string {
  return `https://dashboard.heroku.com/apps/${encodeURIComponent(appName)}`;
}

/** The page header's actions. Jobs start over the live channel, which reports failures itself. */
export function BackgroundJobsActions() {
  const readOnly = useIsReadOnly();
  const { user } = useCurrentUser();
  const appName = useAdminSettings().data?.app_name;
  const starts = user?.enable_sumo
    ? [FETCH, FETCH_ALL, FETCH_UPGRADES, UPLOAD_ORGS]
    : [FETCH, FETCH_ALL, FETCH_UPGRADES];

  const start = ({ message, title, text }: JobStart) => {
    sendLiveMessage(message);
    notifications.show({ color: 'green', title, message: text, autoClose: 7_000 });
  };

  return (
    <Group gap="xs">
      {starts.map((jobStart) => (
        <ChangeActionButton
          key={jobStart.message}
          readOnly={readOnly}
          variant="default"
          leftSection={
            jobStart === UPLOAD_ORGS ? (
              <IconCloudUpload size={16} aria-hidden="true" />
            ) : (
              <IconCloudDownload size={16} aria-hidden="true" />
            )
          }
          onClick={() => start(jobStart)}
        >
          {jobStart.label}
        </ChangeActionButton>
      ))}
      {/* Looking at the hosting dashboard changes nothing here, so read-only users keep it. */}
      {appName && (
        <Button
          component="a"
          href={hostingDashboardUrl(appName)}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          rightSection={<IconExternalLink size={16} aria-hidden="true" />}
        >
          Open Dashboard
        </Button>
      )}
    </Group>
  );
}
