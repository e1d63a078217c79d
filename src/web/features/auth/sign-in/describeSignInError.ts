import { ApiError } from '../../../api/client';

/**
 * Sign-in failures in words an operator can act on. The server's own 429 says which limit was
 * reached and how long to wait; any other 429 (a proxy's) gets a sentence of its own.
 */
export function describeSignInError(error: Error): string {
  if (error instanceof ApiError && error.status === 429 && error.subject !== 'Too Many Requests') {
    return 'Too many attempts. Wait a few minutes, then try again.';
  }
  return error.message;
}
