import { Tooltip } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import classes from './TopMenu.module.css';

/** Spec §2: the Logout link shows the display name; hovering 600 ms names the signed-in username. */
export const LOGOUT_TOOLTIP_DELAY_MS = 600;

export function LogoutLink() {
  const { displayName, username, status } = useCurrentUser();
  const shownName = displayName || 'Logout';
  return (
    <Tooltip
      label={`Logged in as ${username}`}
      openDelay={LOGOUT_TOOLTIP_DELAY_MS}
      disabled={!username}
      position="bottom-end"
    >
      <Link
        to="/logout"
        className={classes.userLink}
        aria-label={displayName ? `Logout ${displayName}` : 'Logout'}
        style={{
          color:
            status === 'failed' ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-brand-7)',
        }}
      >
        <IconLogout size={16} aria-hidden="true" />
        <span className={classes.userName}>{shownName}</span>
      </Link>
    </Tooltip>
  );
}
