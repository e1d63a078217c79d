// /api/admin (docs/api.md "Saved filters, administration"): settings of the Admin page, the
// background jobs, and cancel. Everyone signed in sees it all; only users allowed to change things
// may cancel. An admin access key session may also start the import from the old console.
import { adminEndpoints } from '../../../domain';
import { listJobs } from '../../db/repositories/admin-jobs';
import { AppError } from '../../errors';
import { HISTORY_LIMIT } from '../../jobs/engine';
import { startOldConsoleImport } from '../../services/old-console-import';
import type { AppInstance } from '../app-instance';
import { changeGuard, requireActor, requireChange } from '../auth';
import { route } from '../route';

export function adminRoutes(app: AppInstance): void {
  // Without an engine (a web app built for tests), the rows are still the truth to show.
  const snapshot = () => app.deps.jobs?.snapshot() ?? listJobs(app.deps.db, HISTORY_LIMIT);

  route(app, adminEndpoints.settings, {}, async () => ({
    app_name: app.deps.config.HEROKU_APP_NAME ?? null,
    enable_sumo: Boolean(app.deps.config.SUMO_URL),
  }));

  route(app, adminEndpoints.jobs, {}, async () => snapshot());

  route(
    app,
    adminEndpoints.cancelJobs,
    { preValidation: changeGuard(app, 'job.cancel', { type: 'admin_job' }) },
    async (request) => {
      const { jobIds } = request.body;
      const actor = await requireChange(app, request, 'job.cancel', {
        type: 'admin_job',
        id: jobIds.join(','),
      });
      const engine = app.deps.jobs;
      if (!engine) {
        throw new AppError(503, 'Unavailable', 'Background jobs are not available on this server.');
      }
      await engine.cancel(jobIds, actor.username);
      return snapshot();
    },
  );

  route(
    app,
    adminEndpoints.importOldConsole,
    { preValidation: changeGuard(app, 'import.old-console.start', { type: 'admin_job' }) },
    async (request) =>
      startOldConsoleImport(
        { jobs: app.deps.jobs, secrets: app.services.secrets },
        requireActor(request),
        request.body,
      ),
  );
}
