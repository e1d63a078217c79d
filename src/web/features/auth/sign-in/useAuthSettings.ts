import { useQuery } from '@tanstack/react-query';
import { authEndpoints } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { queryKeys } from '../../../api/queryKeys';

export interface AuthSettings {
  hasAdminAccessKey: boolean;
}

/** GET /oauth2/settings: whether the server offers sign-in with an admin access key. */
export function useAuthSettings() {
  return useQuery({
    queryKey: queryKeys.authSettings,
    queryFn: async ({ signal }): Promise<AuthSettings> => {
      const settings = await callEndpoint(authEndpoints.settings, { signal });
      return { hasAdminAccessKey: settings.has_admin_access_key };
    },
    retry: false,
    staleTime: 5 * 60_000,
  });
}
