// The Admin page (docs/api.md "Saved filters, administration"): its settings, the background jobs,
// and cancelling them.
import { z } from 'zod';

export const adminSettingsSchema = z.object({
  /** The hosting provider's app name (HEROKU_APP_NAME): the Admin page links to its dashboard. */
  app_name: z.string().nullable(),
  /** Whether the log-analytics upload is configured (SUMO_URL). */
  enable_sumo: z.boolean(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

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

export const adminJobSchema = z.object({
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
export type AdminJob = z.infer<typeof adminJobSchema>;
export type AdminJobError = AdminJob['errors'][number];
export type AdminJobResult = AdminJob['results'][number];

/** The jobs running now, those waiting, and the history (latest per type, and all kept). */
export const adminJobsSchema = z.object({
  jobs: z.array(adminJobSchema),
  queue: z.array(adminJobSchema),
  history: z.object({ latest: z.array(adminJobSchema), all: z.array(adminJobSchema) }),
});
export type AdminJobs = z.infer<typeof adminJobsSchema>;

/** Body of POST /api/admin/jobs/cancel: the jobs to cancel. */
export const cancelJobsSchema = z.object({
  jobIds: z
    .array(z.string().trim().min(1, 'must not contain empty ids').max(100))
    .min(1, 'must name at least one job')
    .max(100, 'must name at most 100 jobs'),
});

/**
 * Body of POST /api/admin/import-old-console
 * (docs/operations.md "Importing from the old console"): the old console's database, its
 * CRYPT_KEY when its tokens should come over, and whether to write (false: a dry run that only
 * reports).
 */
export const importOldConsoleSchema = z.object({
  from: z
    .string()
    .trim()
    .max(2000)
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be the postgres:// URL of the old console's database"),
  old_key: z.string().max(512).optional(),
  apply: z.boolean(),
});
export type ImportOldConsoleBody = z.infer<typeof importOldConsoleSchema>;

/** The background job that runs the import; its card on the Administration page shows progress. */
export const importOldConsoleStartedSchema = z.object({ job_id: z.string() });
