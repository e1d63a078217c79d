// A detail screen's record: fetched once per id, and a failure is the spec's 'Failed Request'
// toast (§8): the server's message and subject for 10 s, and a click goes back.
import { useEffect } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { api, ApiError } from '../api/client';

export const FAILED_REQUEST = 'Failed Request';

interface UseRecordOptions {
  queryKey: QueryKey;
  /** The API path of the record. */
  path: string;
  /** Where a click on the failure toast leads: a path, or back in history when absent. */
  backTo?: string;
  enabled?: boolean;
}

export function useRecord<T>({ queryKey, path, backTo, enabled = true }: UseRecordOptions) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(path, { signal }),
    enabled,
  });
  const error = query.error;
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
  return query;
}
