import { useQuery } from '@tanstack/react-query';
import { adminEndpoints } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';

// Kept here rather than in api/queryKeys.ts: no live event touches the settings (they come from
// the server's environment), so nothing outside this feature needs the key.
export const adminSettingsKey = ['admin', 'settings'] as const;

/** The hosting app name (for the dashboard link); fixed for the life of the server process. */
export function useAdminSettings() {
  return useQuery({
    queryKey: adminSettingsKey,
    queryFn: ({ signal }) => callEndpoint(adminEndpoints.settings, { signal }),
    staleTime: Infinity,
  });
}
