import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { adminEndpoints } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { queryKeys } from '../../../api/queryKeys';

/** Cancellation failures show the server's message under this title (docs/product.md "Notices"). */
export const CANCEL_FAILED_TITLE = 'Cancellation Failed';

/**
 * POST /api/admin/jobs/cancel answers with the whole jobs snapshot; it replaces the cached one
 * at once so the card shows 'canceled' without waiting for the live event's refetch.
 */
export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobIds: string[]) => callEndpoint(adminEndpoints.cancelJobs, { body: { jobIds } }),
    onSuccess: (jobs) => queryClient.setQueryData(queryKeys.adminJobs, jobs),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: CANCEL_FAILED_TITLE,
        message: error.message,
        autoClose: 10_000,
      }),
  });
}
