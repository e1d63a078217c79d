// The entry index.html loads, as docs/architecture.md "Serving the web app" describes. It is kept
// small: it starts downloading the screen the address names (app/screens.ts), then imports the app,
// whose libraries index.html already asked for, so the screen's code arrives with them instead of
// after them.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { preloadScreen } from './app/screens';

preloadScreen(window.location.pathname);
void import('./app/start');
