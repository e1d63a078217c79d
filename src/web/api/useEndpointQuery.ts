// A read through its endpoint description, cached under a query key (the one the live channel
// invalidates, see live.ts): the answer is checked against the description's schema, so a changed
// server shape fails loudly in the tab instead of drawing blanks.
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { EndpointShape } from '../../domain';
import { callEndpoint, type CallOptions, type OptionsArgument } from './endpoint-client';

export function useEndpointQuery<E extends EndpointShape>(
  queryKey: QueryKey,
  endpoint: E,
  ...[options]: OptionsArgument<E>
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => callEndpoint(endpoint, { ...options, signal } as CallOptions<E>),
  });
}
