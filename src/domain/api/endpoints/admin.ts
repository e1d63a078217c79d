// The Admin page's calls (docs/api.md "Saved filters, administration"): its settings, the
// background jobs, and cancelling them. The audit log is in audit.ts.
import {
  adminJobsSchema,
  adminSettingsSchema,
  cancelJobsSchema,
  importOldConsoleSchema,
  importOldConsoleStartedSchema,
} from '../admin';
import { endpoint } from '../endpoint';

export const adminEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/api/admin/settings',
    tag: 'admin',
    description: "The Admin page's settings: the hosting app's name and whether log upload is on.",
    response: adminSettingsSchema,
  }),

  jobs: endpoint({
    method: 'GET',
    path: '/api/admin/jobs',
    tag: 'admin',
    description: 'The background jobs: running, queued, and the history kept.',
    response: adminJobsSchema,
  }),

  cancelJobs: endpoint({
    method: 'POST',
    path: '/api/admin/jobs/cancel',
    tag: 'admin',
    description: 'Cancels background jobs; answers the jobs as they are then.',
    body: cancelJobsSchema,
    response: adminJobsSchema,
  }),

  importOldConsole: endpoint({
    method: 'POST',
    path: '/api/admin/import-old-console',
    tag: 'admin',
    description:
      "Starts the import from the old console's database as a background job (a dry run unless apply); admin access key sessions only.",
    body: importOldConsoleSchema,
    response: importOldConsoleStartedSchema.meta({ examples: [{ job_id: '5d0c7a4e-8d7e-4b53' }] }),
  }),
};
