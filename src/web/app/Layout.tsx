import { AppShell, Progress } from '@mantine/core';
import { Outlet, useNavigation } from 'react-router';
import { useLiveInvalidation } from '../api/live';
import { TopMenu } from './TopMenu';
import { useLiveNotices } from './useLiveNotices';

/** The frame of every signed-in screen: the top menu, the page, and the live channel. */
export function Layout() {
  useLiveInvalidation();
  useLiveNotices();
  // Screens are loaded on demand; a thin bar says the click was heard while a module downloads.
  const navigating = useNavigation().state !== 'idle';

  return (
    <AppShell header={{ height: 52 }} padding="md">
      <AppShell.Header>
        <TopMenu />
      </AppShell.Header>
      <AppShell.Main>
        {navigating && (
          <Progress
            value={100}
            animated
            size="xs"
            radius={0}
            aria-label="Loading screen"
            style={{ position: 'fixed', top: 52, left: 0, right: 0, zIndex: 200 }}
          />
        )}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
