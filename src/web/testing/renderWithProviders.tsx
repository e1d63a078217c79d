import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../app/theme';

interface RenderOptions {
  /** The URL the memory router starts at. */
  route?: string;
  /** Further routes, e.g. a marker page to prove a redirect landed on '/'. */
  extraRoutes?: RouteObject[];
  /** A client prepared by the test, e.g. holding cached answers before the first render. */
  queryClient?: QueryClient;
}

/** A QueryClient that fails fast: tests assert on the first answer, never on retries. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders one component with the app's providers; `env="test"` turns off Mantine transitions. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', extraRoutes = [], queryClient = createTestQueryClient() }: RenderOptions = {},
) {
  const router = createMemoryRouter([...extraRoutes, { path: '*', element: ui }], {
    initialEntries: [route],
  });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}
