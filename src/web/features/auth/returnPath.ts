// Where to come back to after sign-in: the domain's same-origin rule (the server applies the same
// one), and never back to the sign-in pages themselves.
import { safeReturnPath as sameOriginPath } from '../../../domain/return-path';

const PAGES_NOT_TO_RETURN_TO = ['/login', '/logout', '/authresponse'];

export function safeReturnPath(requested: string | null): string {
  const path = sameOriginPath(requested);
  const pathname = path.split(/[?#]/, 1)[0] ?? '/';
  return PAGES_NOT_TO_RETURN_TO.includes(pathname) ? '/' : path;
}
