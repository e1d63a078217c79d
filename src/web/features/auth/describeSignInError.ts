import { ApiError } from '../../api/client';

/** Sign-in failures in words an operator can act on; the rate limit gets its own sentence. */
export function describeSignInError(error: Error): string {
  if (error instanceof ApiError && error.status === 429) {
    return 'Too many attempts. Wait a minute, then try again.';
  }
  return error.message;
}
