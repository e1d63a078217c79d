// Renders one screen at its route, with the toasts' host, against stubbed answers. A previous
// entry in the history lets a test prove that a click went back; any other path lands on a
// marker that names where the router went.
import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { theme } from '../../../app/theme';
import { createTestQueryClient } from '../../../testing/renderWithProviders';
import { stubFetch, type StubRoute } from '../../../testing/stubFetch';

export const operator = {
  display_name: 'Olive Operator',
  username: 'olive@example.com',
  read_only: false,
  enforce_activation_policy: false,
  enable_sumo: false,
};

function Elsewhere() {
  const location = useLocation();
  return <div data-testid="elsewhere">{location.pathname + location.search}</div>;
}

interface RouteSetup {
  /** The route pattern the screen is mounted at, e.g. '/license/:licenseId'. */
  path: string;
  /** The URL the test opens. */
  at: string;
  /** An earlier history entry, so going back has somewhere to go. */
  from?: string;
  /** Stubbed answers by "METHOD /path"; the user and saved filters have defaults. */
  routes?: Record<string, StubRoute>;
}

export function renderRoute(screen: ReactElement, { path, at, from, routes = {} }: RouteSetup) {
  // The toast store is module-wide: a toast left by an earlier test must not satisfy this one.
  notifications.clean();
  const fetchMock = stubFetch({
    'GET /oauth2/user': { json: operator },
    'GET /api/filters': { json: [] },
    ...routes,
  });
  const router = createMemoryRouter(
    [
      { path, element: screen },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: from ? [from, at] : [at], initialIndex: from ? 1 : 0 },
  );
  const queryClient = createTestQueryClient();
  const rendered = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Notifications />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...rendered, router, fetchMock, queryClient };
}

/** A server-mode list's answer. */
export function listPage<T>(rows: T[], total = rows.length, estimate = false) {
  return { rows, total, total_is_estimate: estimate };
}

/** The toast of that title (the page may show the same failure in its own alert). */
export async function findToast(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = screen
      .getAllByText(title)
      .map((element) => element.closest<HTMLElement>('.mantine-Notification-root'))
      .find((root) => root !== null);
    if (!toast) throw new Error(`no toast titled ${title}`);
    return toast;
  });
}
