import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { UnreadableAnswerError } from '../api/endpoint-client';

/**
 * A 4xx will not change by asking again (and a 401 has already sent the user to sign in), nor
 * will an answer this build cannot read, so only network failures and 5xx answers are retried.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (error instanceof UnreadableAnswerError) return false;
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
