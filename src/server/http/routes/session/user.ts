// Who is signed in and what they may do, and what the login page offers before anyone is.
import { authEndpoints } from '../../../../domain';
import { UnauthorizedError } from '../../../errors';
import type { AppInstance } from '../../app-instance';
import { route } from '../../route';

export function userRoutes(app: AppInstance): void {
  const { config } = app.deps;

  route(app, authEndpoints.user, {}, async (request) => {
    const session = request.session;
    if (!session) throw new UnauthorizedError();
    return {
      display_name: session.display_name ?? session.username,
      username: session.username,
      read_only: session.read_only,
      enforce_activation_policy: config.ENFORCE_ACTIVATION_POLICY,
      enable_sumo: Boolean(config.SUMO_URL),
      auth_method: session.auth_method,
    };
  });

  route(app, authEndpoints.settings, {}, async () => ({
    has_admin_access_key: Boolean(config.ADMIN_ACCESS_KEY),
    app_name: config.HEROKU_APP_NAME ?? null,
  }));
}
