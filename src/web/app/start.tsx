// The app itself, imported by the entry (main.tsx) once it has started loading the screen the
// address names. The screen's first request (a big list's page) starts before React renders
// anything, so it travels while the page is drawn.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectRouterToApiClient } from './connectRouterToApiClient';
import { createAppQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { prefetchScreen } from './prefetch';

const router = createAppRouter();
connectRouterToApiClient(router);
const queryClient = createAppQueryClient();
prefetchScreen(window.location.pathname, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render Pushboard into.');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
