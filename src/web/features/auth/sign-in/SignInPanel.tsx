import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCloud } from '@tabler/icons-react';
import { authEndpoints } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { redirectBrowserTo } from '../../../api/redirect';
import { AdminAccessKeyField } from './AdminAccessKeyField';
import { describeSignInError } from './describeSignInError';
import { useAuthSettings } from './useAuthSettings';

/** The sign-in actions: through the license management org, or with the admin access key. */
export function SignInPanel({ returnTo }: { returnTo: string }) {
  const settings = useAuthSettings();
  const signIn = useMutation({
    mutationFn: async () =>
      (await callEndpoint(authEndpoints.loginUrl, { query: { returnTo } })).url,
    onSuccess: (url) => redirectBrowserTo(url),
  });

  return (
    <Stack gap="md">
      <Button
        size="md"
        leftSection={<IconCloud size={18} />}
        // Stays busy after success too: the browser is already leaving for the sign-in page.
        loading={signIn.isPending || signIn.isSuccess}
        onClick={() => signIn.mutate()}
      >
        Sign in with Salesforce
      </Button>
      {signIn.error && (
        <Alert color="red" title="Sign-in did not start">
          {describeSignInError(signIn.error)}
        </Alert>
      )}
      {settings.data?.hasAdminAccessKey && (
        <>
          <Divider label="or" labelPosition="center" />
          <AdminAccessKeyField returnTo={returnTo} />
        </>
      )}
    </Stack>
  );
}
