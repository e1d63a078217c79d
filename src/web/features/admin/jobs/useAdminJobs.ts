import { useQuery } from '@tanstack/react-query';
import { adminEndpoints } from '../../../../domain';
import { requestEndpoint } from '../../../api/endpoint-client';
import { queryKeys } from '../../../api/queryKeys';
import { adminJobsSchema, parseAnswer, type AdminJobs } from '../shared/adminJobSchemas';

export async function fetchAdminJobs({ signal }: { signal: AbortSignal }): Promise<AdminJobs> {
  const answer = await requestEndpoint(adminEndpoints.jobs, { signal });
  return parseAnswer(adminJobsSchema, answer, 'background jobs');
}

/**
 * The running jobs, the queue and the history. Kept under queryKeys.adminJobs because the live
 * channel's 'jobs', 'job-queue' and 'job-history' events invalidate exactly that key.
 */
export function useAdminJobs() {
  return useQuery({ queryKey: queryKeys.adminJobs, queryFn: fetchAdminJobs });
}
