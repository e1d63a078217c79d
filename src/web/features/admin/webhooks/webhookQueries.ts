// Query keys and hooks of the Webhooks section (docs/product.md "Webhooks").
import { useQuery } from '@tanstack/react-query';
import { webhookEndpoints } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';

export const WEBHOOKS_KEY = ['webhooks'] as const;
export const ENDPOINTS_KEY = [...WEBHOOKS_KEY, 'endpoints'] as const;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: ENDPOINTS_KEY,
    queryFn: ({ signal }) => callEndpoint(webhookEndpoints.list, { signal }),
  });
}

/** A page of deliveries; read again every 2 s while one of them still waits to be sent. */
export function useWebhookDeliveries(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, 'deliveries', page, pageSize],
    queryFn: ({ signal }) =>
      callEndpoint(webhookEndpoints.deliveries, {
        query: { page, page_size: pageSize },
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.rows.some((row) => row.status === 'pending') ? 2000 : false,
  });
}
