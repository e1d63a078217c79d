import { useQuery } from '@tanstack/react-query';
import { adminEndpoints, type AdminJobs } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { queryKeys } from '../../../api/queryKeys';

export async function fetchAdminJobs({ signal }: { signal: AbortSignal }): Promise<AdminJobs> {
  return callEndpoint(adminEndpoints.jobs, { signal });
}

/**
 * The running jobs, the queue and the history. Kept under queryKeys.adminJobs because the live
 * channel's 'jobs', 'job-queue' and 'job-history' events invalidate exactly that key.
 */
export function useAdminJobs() {
  return useQuery({ queryKey: queryKeys.adminJobs, queryFn: fetchAdminJobs });
}
