// A detail screen's record, read through its endpoint description: fetched once per id and checked
// against the description's schema, so a screen never renders a shape it did not expect. A failed
// request is the 'Failed Request' toast (docs/product.md "Notices"): the server's message and
// subject for 10 s, and a click goes back. An answer of the wrong shape raises no toast: the screen
// says so.
import { useEffect } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { pathOf, type EndpointShape, type ResponseOf } from '../../domain';
import { ApiError } from '../api/client';
import { callEndpoint, UnreadableAnswerError, type CallOptions } from '../api/endpoint-client';

export const FAILED_REQUEST = 'Failed Request';

export interface RecordState<T> {
  record: T | undefined;
  isPending: boolean;
  /** The request failed (the toast is already up). */
  error: Error | null;
  /** The server answered, but not with the endpoint's shape. */
  unreadable: boolean;
}

interface RecordOptions {
  queryKey: QueryKey;
  /** Where a click on the failure toast leads: a path, or back in history when absent. */
  backTo?: string;
}

/** Reads the record `call` names (its path parameters: `{ params: { id } }`). */
export function useRecord<E extends EndpointShape>(
  endpoint: E,
  call: CallOptions<E>,
  { queryKey, backTo }: RecordOptions,
): RecordState<ResponseOf<E>> {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => callEndpoint(endpoint, { ...call, signal }),
  });
  const unreadable = query.error instanceof UnreadableAnswerError;
  const error = unreadable ? null : query.error;
  const path = pathOf(endpoint, (call as { params?: Record<string, string | number> }).params);
  useEffect(() => {
    if (!error) return;
    const id = `failed-request:${path}`;
    notifications.show({
      id,
      color: 'red',
      title: error instanceof ApiError ? error.subject || FAILED_REQUEST : FAILED_REQUEST,
      message: error.message,
      autoClose: 10_000,
      style: { cursor: 'pointer' },
      onClick: () => {
        notifications.hide(id);
        if (backTo) void navigate(backTo);
        else void navigate(-1);
      },
    });
  }, [error, path, backTo, navigate]);
  return { record: query.data, isPending: query.isPending, error, unreadable };
}
