// Starting the import from the old console from the Administration page
// (docs/operations.md "Importing from the old console"): an admin access key session only, as the
// import writes groups, blacklists, history and connected orgs wholesale. The job runs it; the old database's
// URL and key are sealed in the job's parameters.
import type { ImportOldConsoleBody } from '../../domain';
import type { Actor } from '../actor';
import { AppError, ForbiddenError } from '../errors';
import { describeOldDatabase, importJobParams } from '../import/import-job';
import type { JobEngine } from '../jobs/engine';
import type { SecretBox } from '../secrets';

export const IMPORT_ADMIN_ONLY =
  'Only an admin access key session may import from the old console: it writes groups, blacklists, history and connected orgs.';

export async function startOldConsoleImport(
  deps: { jobs: Pick<JobEngine, 'start'> | undefined; secrets: SecretBox },
  actor: Actor,
  body: ImportOldConsoleBody,
): Promise<{ job_id: string }> {
  if (actor.authMethod !== 'admin-key' || actor.readOnly)
    throw new ForbiddenError(IMPORT_ADMIN_ONLY);
  if (!deps.jobs) {
    throw new AppError(503, 'Unavailable', 'Background jobs are not available on this server.');
  }
  const jobId = await deps.jobs.start(
    'import-old-console',
    importJobParams(deps.secrets, { from: body.from, oldKey: body.old_key, apply: body.apply }),
    actor.username,
    {
      audit: {
        action: 'import.old-console.start',
        targetType: 'admin_job',
        targetId: null,
        details: { source: describeOldDatabase(body.from), apply: body.apply },
      },
    },
  );
  return { job_id: jobId };
}
