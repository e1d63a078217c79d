// A change on an upgrade or a request (activate, cancel, retry, refresh): POST, then refetch what
// it touched without waiting for the live events; a refusal shows its failure title
// (docs/product.md "Notices") with the server's message, which for a Salesforce refusal is
// Salesforce's own.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { EndpointShape, ResponseOf } from '../../../../domain';
import { callEndpoint, type CallOptions } from '../../../api/endpoint-client';
import { queryKeys } from '../../../api/queryKeys';

/** The failure titles of the upgrade actions (docs/product.md "Notices"). */
export const FAILURE_TITLES = {
  activate: 'Activation Failed',
  cancel: 'Cancellation Failed',
  retry: 'Retry Failed',
  refresh: 'Refresh Failed',
  resume: 'Resume Failed',
  skipWave: 'Skip Failed',
  startWave: 'Start Failed',
} as const;

export type UpgradeActionKind = keyof typeof FAILURE_TITLES;

interface UpgradeActionOptions<E extends EndpointShape> {
  kind: UpgradeActionKind;
  /** The action's endpoint, e.g. upgradeEndpoints.activate. */
  endpoint: E;
  onSuccess?: (answer: ResponseOf<E>) => void;
}

/** The mutation; `mutate` takes the call: the record's id, and the body where there is one. */
export function useUpgradeAction<E extends EndpointShape>({
  kind,
  endpoint,
  onSuccess,
}: UpgradeActionOptions<E>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: CallOptions<E>) => callEndpoint(endpoint, call),
    onSuccess: (answer) => {
      for (const queryKey of [
        queryKeys.upgrades,
        queryKeys.upgrade,
        queryKeys.upgradeItems,
        queryKeys.upgradeItem,
        queryKeys.upgradeJobs,
      ])
        void queryClient.invalidateQueries({ queryKey });
      onSuccess?.(answer);
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: FAILURE_TITLES[kind],
        message: error.message,
        autoClose: 10_000,
      }),
  });
}
