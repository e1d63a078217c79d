import type { ComponentProps } from 'react';
import type { RouterProvider } from 'react-router';
import { setSignInRedirect } from '../api/client';

type AppRouter = ComponentProps<typeof RouterProvider>['router'];

/**
 * Lets a 401 from any call move the app to /login?r=<where the user was>. It replaces the current
 * history entry, so Back from the login page does not land on the page that failed again.
 */
export function connectRouterToApiClient(router: AppRouter): void {
  setSignInRedirect({
    currentLocation: () => router.state.location,
    goTo: (loginPath) => {
      void router.navigate(loginPath, { replace: true });
    },
  });
}
