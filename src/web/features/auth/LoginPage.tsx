import { useEffect, useState } from 'react';
import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PushboardLogo } from '../../components/PushboardLogo';
import { forgetSignedInUser } from './forgetSignedInUser';
import { pickLoginArtwork } from './login-art/loginArtworks';
import { safeReturnPath } from './returnPath';
import { SignInPanel } from './sign-in/SignInPanel';

/**
 * /login?r=<path>: a random picture and message beside the sign-in actions (docs/product.md
 * "Sign-in page").
 */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get('r'));
  const queryClient = useQueryClient();
  // Chosen once per visit, so typing in the key field does not reshuffle the picture.
  const [{ Picture, message }] = useState(() => pickLoginArtwork());

  useEffect(() => {
    forgetSignedInUser(queryClient);
  }, [queryClient]);

  return (
    <Box
      data-testid="screen-login"
      mih="100vh"
      p="lg"
      bg="gray.1"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Paper w="100%" maw={880} radius="md" shadow="sm" style={{ overflow: 'hidden' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={0}>
          <Stack bg="brand.8" p="xl" gap="lg" justify="center">
            <Picture />
            <Text c="white" fz="lg" fw={600} data-testid="login-message">
              {message}
            </Text>
          </Stack>
          <Stack p="xl" gap="lg" justify="center">
            <Group gap="sm">
              <PushboardLogo size={36} />
              <Title order={1}>Pushboard</Title>
            </Group>
            <Text c="dimmed">
              Sign in with your license management org to see who runs which version of your
              packages and to push upgrades.
            </Text>
            <SignInPanel returnTo={returnTo} />
          </Stack>
        </SimpleGrid>
      </Paper>
    </Box>
  );
}
