import type { ComponentProps } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { theme } from './theme';

interface AppProps {
  router: ComponentProps<typeof RouterProvider>['router'];
  queryClient: QueryClient;
}

/** The providers every screen relies on; main.tsx passes the browser router, tests a memory one. */
export function App({ router, queryClient }: AppProps) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
