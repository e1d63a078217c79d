// Renders the Admin page the way the app does (with the toasts' host), against stubbed answers.
// The test file itself mocks the live module (api/live): vi.mock only applies in the file that calls it.
import type { ReactNode } from 'react';
import { Notifications, notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { stubFetch, type StubRoute } from '../../../testing/stubFetch';
import { makeJobs, makeUser, type JobsAnswer } from './adminJobFixtures';
import type { AdminSettings } from '../../../../domain';
import { BackgroundJobsScreen } from '../BackgroundJobsScreen';

interface AdminScreenSetup {
  jobs?: JobsAnswer | StubRoute;
  user?: ReturnType<typeof makeUser>;
  settings?: AdminSettings;
  /** The window width on first render (the layout reads it synchronously). */
  width?: number;
  /** Further or overriding routes, e.g. the cancel call. */
  routes?: Record<string, StubRoute>;
  /** Rendered beside the screen inside the same providers, e.g. what the Layout mounts. */
  alongside?: ReactNode;
}

export function renderAdminScreen({
  jobs = makeJobs(),
  user = makeUser(),
  settings = { app_name: null, enable_sumo: false },
  width = 1280,
  routes = {},
  alongside,
}: AdminScreenSetup = {}) {
  window.innerWidth = width;
  // The toast store is module-wide: a toast left by an earlier test must not satisfy this one.
  notifications.clean();
  const fetchMock = stubFetch({
    'GET /oauth2/user': { json: user },
    'GET /api/admin/jobs': typeof jobs === 'function' ? jobs : { json: jobs },
    'GET /api/admin/settings': { json: settings },
    'GET /api/audit': { json: { rows: [], total: 0, total_is_estimate: false } },
    ...routes,
  });
  const rendered = renderWithProviders(
    <>
      <Notifications />
      {alongside}
      <BackgroundJobsScreen />
    </>,
    { route: '/admin' },
  );
  return { ...rendered, fetchMock };
}
