// /api/admin (spec §7 "Admin"): settings of the Admin page, the background jobs, and cancel.
// Everyone signed in sees it all; only users allowed to change things may cancel.
import { z } from 'zod';
import { listJobs } from '../../db/repositories/admin-jobs';
import { HISTORY_LIMIT } from '../../jobs/engine';
import type { AppInstance } from '../app';
import { changeGuard, requireChange } from '../auth';
import { AppError } from '../../errors';

const settingsReply = z.object({
  /** The hosting provider's app name (HEROKU_APP_NAME): the Admin page links to its dashboard. */
  app_name: z.string().nullable(),
  /** Whether the log-analytics upload is configured (SUMO_URL). */
  enable_sumo: z.boolean(),
});

const jobError = z.object({
  message: z.string(),
  /** The error's type; its stack trace stays in the server log. */
  type: z.string().optional(),
  timestamp: z.string(),
});

const jobResult = z.object({
  message: z.string(),
  timestamp: z.string(),
  error: z.object({ message: z.string() }).optional(),
  details: z.array(z.string()).optional(),
});

const adminJob = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  status: z.enum(['Queued', 'Running', 'Complete', 'Failed', 'Cancelled']),
  message: z.string().nullable(),
  stepIndex: z.number().int(),
  stepCount: z.number().int(),
  startTime: z.string(),
  modifiedDate: z.string(),
  canceled: z.boolean(),
  errors: z.array(jobError),
  results: z.array(jobResult),
  interval: z.number().nullable(),
  startedBy: z.string().nullable(),
});

const jobsReply = z.object({
  jobs: z.array(adminJob),
  queue: z.array(adminJob),
  history: z.object({ latest: z.array(adminJob), all: z.array(adminJob) }),
});

const cancelBody = z.object({
  jobIds: z
    .array(z.string().trim().min(1, 'must not contain empty ids').max(100))
    .min(1, 'must name at least one job')
    .max(100, 'must name at most 100 jobs'),
});

export function adminRoutes(app: AppInstance): void {
  // Without an engine (a web app built for tests), the rows are still the truth to show.
  const snapshot = () => app.deps.jobs?.snapshot() ?? listJobs(app.deps.db, HISTORY_LIMIT);

  app.get('/api/admin/settings', { schema: { response: { 200: settingsReply } } }, async () => ({
    app_name: app.deps.config.HEROKU_APP_NAME ?? null,
    enable_sumo: Boolean(app.deps.config.SUMO_URL),
  }));

  app.get('/api/admin/jobs', { schema: { response: { 200: jobsReply } } }, async () => snapshot());

  app.post(
    '/api/admin/jobs/cancel',
    {
      schema: { body: cancelBody, response: { 200: jobsReply } },
      preValidation: changeGuard(app, 'job.cancel', { type: 'admin_job' }),
    },
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
}
