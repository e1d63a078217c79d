import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconKey, IconLogout, IconLogout2 } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { authEndpoints } from '../../domain';
import { callEndpoint } from '../api/endpoint-client';
import { useCurrentUser } from './current-user/useCurrentUser';
import classes from './TopMenu.module.css';

/**
 * The Logout link shows the display name; hovering 600 ms names the signed-in username
 * (docs/product.md "Top menu").
 */
export const LOGOUT_TOOLTIP_DELAY_MS = 600;

export const SIGN_OUT_EVERYWHERE_TEXT =
  'This signs you out in every browser and on every device where you are signed in to Pushboard, including this one. Their open pages stop receiving updates.';

export function LogoutLink() {
  const { displayName, username, status } = useCurrentUser();
  const shownName = displayName || 'Logout';
  const [confirming, setConfirming] = useState(false);
  return (
    <Group gap={2} wrap="nowrap">
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
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size="sm" aria-label="User menu">
            <IconChevronDown size={14} aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/tokens" leftSection={<IconKey size={14} />}>
            My API tokens
          </Menu.Item>
          <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={14} />}>
            Sign out
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout2 size={14} />} onClick={() => setConfirming(true)}>
            Sign out everywhere
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SignOutEverywhereModal opened={confirming} onClose={() => setConfirming(false)} />
    </Group>
  );
}

/** Ends every session of the user on the server, then signs this browser out like /logout. */
function SignOutEverywhereModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    callEndpoint(authEndpoints.logoutEverywhere)
      .then(() => {
        onClose();
        void navigate('/logout');
      })
      .catch((error: unknown) => {
        notifications.show({
          color: 'red',
          title: 'Sign-out everywhere failed',
          message: error instanceof Error ? error.message : String(error),
          autoClose: 10_000,
        });
      })
      .finally(() => setBusy(false));
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Sign out everywhere?" centered>
      <Text size="sm">{SIGN_OUT_EVERYWHERE_TEXT}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={busy}>
          Sign out everywhere
        </Button>
      </Group>
    </Modal>
  );
}
