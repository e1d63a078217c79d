import { useState } from 'react';
import { PasswordInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconKey } from '@tabler/icons-react';
import { authEndpoints } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { redirectBrowserTo } from '../../../api/redirect';
import { describeSignInError } from './describeSignInError';

/**
 * An optional field for the admin access key; Enter submits it (docs/product.md "Sign-in page").
 */
export function AdminAccessKeyField({ returnTo }: { returnTo: string }) {
  const [accessKey, setAccessKey] = useState('');
  const adminAccess = useMutation({
    mutationFn: async (key: string) =>
      // In a POST body (the client adds the CSRF header), never in a URL.
      (await callEndpoint(authEndpoints.adminAccess, { body: { key, returnTo } })).url,
    onSuccess: (url) => redirectBrowserTo(url),
  });
  const busy = adminAccess.isPending || adminAccess.isSuccess;

  return (
    <PasswordInput
      label="Admin access key"
      description="Press Enter to sign in with the key."
      leftSection={<IconKey size={16} />}
      value={accessKey}
      disabled={busy}
      autoComplete="off"
      onChange={(event) => {
        setAccessKey(event.currentTarget.value);
        adminAccess.reset();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !accessKey.trim() || busy) return;
        event.preventDefault();
        adminAccess.mutate(accessKey.trim());
      }}
      error={adminAccess.error ? describeSignInError(adminAccess.error) : undefined}
    />
  );
}
