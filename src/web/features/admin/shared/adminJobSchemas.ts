// The Admin page's view of GET /api/admin/jobs and /api/admin/settings (docs/product.md
// "Entities and fields"; docs/api.md "Saved filters, administration"). These read more leniently
// than the contract (adminEndpoints in src/domain): a result's error may also be plain text and a
// job's start time may be null. So the admin calls go through requestEndpoint and are checked here:
// a changed contract shows a readable error instead of a card full of 'undefined'.
import { z } from 'zod';

export const ADMIN_JOB_STATUSES = ['Queued', 'Running', 'Complete', 'Failed', 'Cancelled'] as const;

const jobError = z.object({
  message: z.string(),
  type: z.string().optional(),
  timestamp: z.string(),
});

const jobResult = z.object({
  message: z.string(),
  timestamp: z.string(),
  // The brief describes a plain string, the server's repository stores `{ message }`: accept
  // both and show the text, so neither side has to wait for the other.
  error: z
    .union([z.string(), z.object({ message: z.string() })])
    .optional()
    .transform((error) => (typeof error === 'object' ? error.message : error)),
  details: z.array(z.string()).optional(),
});

export const adminJobSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  status: z.enum(ADMIN_JOB_STATUSES),
  message: z.string().nullable(),
  stepIndex: z.number(),
  stepCount: z.number(),
  startTime: z.string().nullable(),
  modifiedDate: z.string(),
  canceled: z.boolean(),
  errors: z.array(jobError),
  results: z.array(jobResult),
  interval: z.number().nullable(),
  startedBy: z.string().nullable(),
});

export const adminJobsSchema = z.object({
  jobs: z.array(adminJobSchema),
  queue: z.array(adminJobSchema),
  history: z.object({ latest: z.array(adminJobSchema), all: z.array(adminJobSchema) }),
});

export const adminSettingsSchema = z.object({
  app_name: z.string().nullable(),
  enable_sumo: z.boolean(),
});

export type AdminJob = z.output<typeof adminJobSchema>;
export type AdminJobError = AdminJob['errors'][number];
export type AdminJobResult = AdminJob['results'][number];
export type AdminJobs = z.output<typeof adminJobsSchema>;
export type AdminSettings = z.output<typeof adminSettingsSchema>;

/** Parses an answer, or fails with a sentence that names the call and the first mismatch. */
export function parseAnswer<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new Error(
    `The server sent ${what} Pushboard cannot read${where}: ${issue?.message ?? 'unknown'}.`,
  );
}
