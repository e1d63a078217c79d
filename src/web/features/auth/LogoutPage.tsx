import { useEffect, useState } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { authEndpoints } from '../../../domain';
import { requestEndpoint } from '../../api/endpoint-client';
import { forgetSignedInUser } from './forgetSignedInUser';
import { LoginPage } from './LoginPage';

/**
 * /logout: ends the server session, forgets everything cached, then shows the login page
 * (docs/product.md "Sign-out").
 */
export function LogoutPage() {
  const queryClient = useQueryClient();
  const [signedOut, setSignedOut] = useState(false);

  useEffect(() => {
    let mounted = true;
    // A POST with the CSRF header (the client adds it): the server has no GET sign-out. Its answer
    // says nothing this page needs, only whether the session ended, so it is not read.
    requestEndpoint(authEndpoints.logout)
      .catch((error: unknown) => {
        // The browser forgets the user either way, but the operator should know the server
        // session may still be alive (e.g. on a shared machine).
        notifications.show({
          color: 'red',
          title: 'Sign-out failed',
          message: error instanceof Error ? error.message : String(error),
          autoClose: 10_000,
        });
      })
      .finally(() => {
        queryClient.clear();
        forgetSignedInUser(queryClient);
        if (mounted) setSignedOut(true);
      });
    return () => {
      mounted = false;
    };
  }, [queryClient]);

  if (signedOut) return <LoginPage />;
  return (
    <Center mih="100vh" bg="gray.1" data-testid="screen-logout">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">Signing out…</Text>
      </Stack>
    </Center>
  );
}
