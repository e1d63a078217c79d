import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { App } from './app/App';
import { connectRouterToApiClient } from './app/connectRouterToApiClient';
import { createAppQueryClient } from './app/queryClient';
import { createAppRouter } from './app/router';

const router = createAppRouter();
connectRouterToApiClient(router);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render Pushboard into.');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={createAppQueryClient()} />
  </StrictMode>,
);
