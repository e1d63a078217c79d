import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/queryKeys';

export interface AuthSettings {
  hasAdminAccessKey: boolean;
}

function readAuthSettings(answer: unknown): AuthSettings {
  const record = typeof answer === 'object' && answer !== null ? answer : {};
  return {
    hasAdminAccessKey: (record as { has_admin_access_key?: unknown }).has_admin_access_key === true,
  };
}

/** GET /oauth2/settings: whether the server offers sign-in with an admin access key. */
export function useAuthSettings() {
  return useQuery({
    queryKey: queryKeys.authSettings,
    queryFn: async ({ signal }) =>
      readAuthSettings(await api.get<unknown>('/oauth2/settings', { signal })),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
