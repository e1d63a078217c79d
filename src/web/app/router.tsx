import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { PageLoader } from './PageLoader';
import { LAYOUT_SCREENS, SIGN_IN_SCREENS, type LazyScreen } from './screens';

/** A route whose screen downloads on first visit (screens.ts), keeping the first page small. */
function screenRoute({ path, load }: LazyScreen): RouteObject {
  const lazy = async () => ({ Component: await load() });
  return path === null ? { index: true, lazy } : { path, lazy };
}

/**
 * Every route of docs/product.md "Route table". The sign-in pages stand alone; the rest share the
 * Layout.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    ErrorBoundary,
    HydrateFallback: PageLoader,
    children: [
      ...SIGN_IN_SCREENS.map(screenRoute),
      {
        Component: Layout,
        children: [
          {
            // A second boundary inside the Layout keeps the top menu when one screen breaks.
            ErrorBoundary,
            children: [...LAYOUT_SCREENS.map(screenRoute), { path: '*', Component: NotFoundPage }],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
