// Renders screens at their routes the way the app does (with the toasts' host), against stubbed
// answers. A previous entry in the history lets a test prove that a click went back; any other
// path lands on a marker that names where the router went. Test files mock '../../api/live'
// themselves: vi.mock applies only in the file that calls it.
import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { expect } from 'vitest';
import { queryKeys } from '../api/queryKeys';
import { theme } from '../app/theme';
import type { CurrentUser } from '../app/current-user/useCurrentUser';
import { makeUser } from './fixtures';
import { createTestQueryClient } from './renderWithProviders';
import { stubFetch, type StubRoute } from './stubFetch';

function Elsewhere() {
  const location = useLocation();
  return <div data-testid="elsewhere">{location.pathname + location.search}</div>;
}

interface RoutesSetup {
  /** The URL the test opens. */
  at: string;
  /** An earlier history entry, so going back has somewhere to go. */
  from?: string;
  /** Stubbed answers by "METHOD /path"; the user and saved filters have defaults. */
  routes?: Record<string, StubRoute>;
  /** Who is signed in (GET /oauth2/user); a full-access operator by default. */
  user?: CurrentUser;
}

/** Renders the given routes (e.g. a feature's list and detail screens) at `at`. */
export function renderRoutes(
  screens: RouteObject[],
  { at, from, routes = {}, user = makeUser() }: RoutesSetup,
) {
  // The toast store is module-wide: a toast left by an earlier test must not satisfy this one.
  notifications.clean();
  const fetchMock = stubFetch({
    'GET /oauth2/user': { json: user },
    'GET /api/filters': { json: [] },
    ...routes,
  });
  const router = createMemoryRouter([...screens, { path: '*', element: <Elsewhere /> }], {
    initialEntries: from ? [from, at] : [at],
    initialIndex: from ? 1 : 0,
  });
  const queryClient = createTestQueryClient();
  const rendered = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Notifications />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  /** Resolves once the signed-in user has loaded (screens are read-only until then). */
  const userLoaded = () =>
    waitFor(() => expect(queryClient.getQueryState(queryKeys.currentUser)?.status).toBe('success'));
  return { ...rendered, router, fetchMock, queryClient, userLoaded };
}

interface RouteSetup extends RoutesSetup {
  /** The route pattern the screen is mounted at, e.g. '/license/:licenseId'. */
  path: string;
}

/** Renders one screen mounted at `path`. */
export function renderRoute(element: ReactElement, { path, ...setup }: RouteSetup) {
  return renderRoutes([{ path, element }], setup);
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
