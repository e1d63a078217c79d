// The Import modal of the Orgs list (docs/product.md "Other dialogs" and "Org id import"; PUT
// /api/orgs in docs/api.md "Orgs, licenses, search"). The ids arrive cleaned by the domain's import
// rule (the contract re-checks each one). Ids Pushboard knows are counted at once; the others are
// looked up in the LMA and the packaging orgs by a background job (sync/import-orgs.ts) whose end
// the 'orgs' event announces with the transid.
import type { ImportOrgsResult, OrgImportSummary } from '../../../domain';
import type { Actor } from '../../actor';
import type { SqlClient } from '../../db/database';
import { writeAudit } from '../../db/repositories/audit-log';
import { knownOrgIds } from '../../db/repositories/org-group-writes';
import { AppError } from '../../errors';
import type { JobEngine } from '../../jobs/engine';
import type { LivePublisher } from '../../live/live-channel';

export interface OrgImportDeps {
  db: SqlClient;
  live: LivePublisher;
  /** Undefined when this process runs no job engine (then nothing unknown can be looked up). */
  jobs: Pick<JobEngine, 'start'> | undefined;
}

/** 503: the lookup needs the background job engine, which this process does not run. */
export class JobsUnavailableError extends AppError {
  constructor() {
    super(
      503,
      'Failed to Add Org(s)',
      'Background jobs are not running, so unknown org ids cannot be looked up now.',
    );
  }
}

export async function importOrgs(
  deps: OrgImportDeps,
  actor: Actor,
  input: { orgIds: string[]; transid: string },
): Promise<ImportOrgsResult> {
  const orgIds = [...new Set(input.orgIds)];
  const known = await knownOrgIds(deps.db, orgIds);
  const unknown = orgIds.filter((id) => !known.has(id));
  let jobId: string | null = null;
  const details = { transid: input.transid, known: known.size, lookingUp: unknown.length };
  if (unknown.length) {
    if (!deps.jobs) throw new JobsUnavailableError();
    // The lookup job is the import's only write: its audit row commits with the job's row.
    jobId = await deps.jobs.start(
      'import-orgs',
      { orgIds: unknown, known: known.size, transid: input.transid },
      actor.username,
      { audit: { action: 'org.import', targetType: 'org', targetId: null, details } },
    );
  } else {
    // Every id is known already: nothing is written but the record of the attempt.
    await writeAudit(deps.db, {
      actor: actor.username,
      action: 'org.import',
      targetType: 'org',
      targetId: null,
      outcome: 'success',
      details: { ...details, jobId },
    });
  }
  // Nothing to look up: the import is already complete.
  const summary: OrgImportSummary | null = jobId
    ? null
    : { added: 0, known: known.size, notFound: [] };
  if (summary) deps.live.publish('orgs', { ids: [], transid: input.transid, imported: summary });
  return { transid: input.transid, jobId, known: known.size, lookingUp: unknown.length, summary };
}

/** Group changes that name orgs Pushboard does not know start the same lookup (no transid). */
export async function lookUpUnknownOrgs(
  deps: OrgImportDeps,
  actor: Actor,
  orgIds: readonly string[],
): Promise<string | null> {
  if (!deps.jobs) return null;
  const known = await knownOrgIds(deps.db, orgIds);
  const unknown = orgIds.filter((id) => !known.has(id));
  if (!unknown.length) return null;
  return deps.jobs.start('import-orgs', { orgIds: unknown, known: known.size }, actor.username);
}
