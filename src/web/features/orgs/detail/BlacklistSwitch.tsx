// The Org detail's blacklist toggle (docs/product.md "Org blacklist"). On: the org joins a
// Blacklist Group; off: it leaves them. When DENIED_ORGS or EXPAND_BLACKLIST keep it blacklisted
// anyway, the server says why and the notice shows it — the switch never pretends.
import { Switch, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { READ_ONLY_MESSAGE, type OrgDetail, orgEndpoints } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { callEndpoint } from '../../../api/endpoint-client';
import { showFailure } from '../../../components/failureNotice';

export function BlacklistSwitch({ org, readOnly }: { org: OrgDetail; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    // Pending until the org is read again, so the switch never flips back to the old state
    // between the answer and the refetch (the notice's reasons come with that read).
    mutationFn: async (blacklisted: boolean) => {
      const result = await callEndpoint(orgEndpoints.setBlacklisted, {
        params: { orgId: org.org_id },
        body: { blacklisted },
      });
      await queryClient.invalidateQueries({ queryKey: [...queryKeys.org, org.org_id] });
      return result;
    },
    onSuccess: (result) => {
      if (result.message) {
        notifications.show({
          color: 'yellow',
          title: 'Still blacklisted',
          message: result.message,
          autoClose: 10_000,
        });
      }
    },
    onError: (error) => showFailure('Fail', error),
  });
  // Lifting is possible only where a Blacklist Group is a reason; the server explains otherwise.
  const control = (
    <Switch
      label="Blacklisted"
      checked={toggle.isPending ? toggle.variables : org.blacklisted}
      disabled={readOnly || toggle.isPending}
      onChange={(event) => toggle.mutate(event.currentTarget.checked)}
    />
  );
  return readOnly ? (
    <Tooltip label={READ_ONLY_MESSAGE}>
      <span style={{ display: 'inline-block' }} tabIndex={0}>
        {control}
      </span>
    </Tooltip>
  ) : (
    control
  );
}
