// The session routes under /oauth2 (docs/api.md "Sign-in and session"): signing in, the signed-in
// user and the login page's settings, and signing out.
import type { AppInstance } from '../../app-instance';
import { signInRoutes } from './sign-in';
import { signOutRoutes } from './sign-out';
import { userRoutes } from './user';

export function sessionRoutes(app: AppInstance): void {
  signInRoutes(app);
  userRoutes(app);
  signOutRoutes(app);
}
