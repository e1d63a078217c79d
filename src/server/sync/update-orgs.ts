// Steps that derive org data from what the sources wrote, each a set-based statement: status from
// license status, account and edition from licenses, sandboxes from their parents. A full fetch
// derives every org; an incremental one the orgs it touched (see fetch-run.ts).
import { countNoun } from '../../domain/format';
import {
  allowLargeSorts,
  applyAccountsAndEditions,
  applyLicenseStatus,
  deriveOrgStatus,
  inheritFromParents,
  upsertOrgsFromLicenses,
} from '../db/repositories/orgs';
import { countInstalls } from '../db/repositories/subscribers';
import { endDerivation } from '../db/repositories/sync-state';
import type { JobContext, JobStep } from '../jobs/types';
import type { SyncDeps } from './deps';
import {
  analyzeRunTables,
  ANALYZE_AFTER,
  derivationScope,
  endBulkLoads,
  type FetchRun,
  type StepParams,
} from './fetch-run';

const NOTHING_TO_DERIVE = 'No org record changed';

export function updateOrgsFromLicensesStep(deps: SyncDeps, run: FetchRun): JobStep<StepParams> {
  return {
    name: 'Updating orgs from license status',
    run: derive,
  };
  async function derive(context: JobContext): Promise<void> {
    if (run.full || run.fetched >= ANALYZE_AFTER) await analyzeRunTables(deps.db, run);
    const scope = await derivationScope(deps.db, run);
    if (scope?.length === 0) return context.result(NOTHING_TO_DERIVE);
    const { added, licensed, statuses } = await deps.db.transaction(async (tx) => {
      await allowLargeSorts(tx);
      // After a full read every install this run wrote took its license status from the licenses
      // as stored; if those are all of them, there is nothing to correct (and a million licenses
      // need not be sorted to find that out).
      const allWritten = run.full && (await countInstalls(tx)) === run.installsWritten;
      return {
        added: await upsertOrgsFromLicenses(tx, scope),
        licensed: allWritten ? 0 : await applyLicenseStatus(tx, run.today, scope),
        statuses: await deriveOrgStatus(tx, run.today, scope),
      };
    });
    context.result(
      `Updated ${countNoun(added, 'org')} from licenses, ` +
        `${countNoun(licensed, 'installed package')} with their license status and ` +
        `the status of ${countNoun(statuses, 'org')}`,
    );
    if (added + licensed + statuses > 0) deps.live.publish('orgs', {});
  }
}

export function updateOrgsFromAccountsStep(deps: SyncDeps, run: FetchRun): JobStep<StepParams> {
  return {
    name: 'Updating orgs from accounts',
    run: derive,
  };
  async function derive(context: JobContext): Promise<void> {
    const scope = await derivationScope(deps.db, run);
    if (scope?.length === 0) return context.result(NOTHING_TO_DERIVE);
    const changed = await deps.db.transaction(async (tx) => {
      await allowLargeSorts(tx);
      return applyAccountsAndEditions(tx, scope);
    });
    context.result(`Updated the account or edition of ${countNoun(changed, 'org')}`);
    if (changed > 0) deps.live.publish('orgs', {});
  }
}

export function updateSandboxesStep(deps: SyncDeps, run: FetchRun): JobStep<StepParams> {
  return {
    name: 'Updating sandbox orgs from parents',
    async run(context) {
      const scope = await derivationScope(deps.db, run);
      const changed = scope?.length === 0 ? 0 : await inheritFromParents(deps.db, scope);
      // The last derivation: the tables loaded in bulk get their indexes and foreign keys back,
      // and what the sources wrote is fully derived now.
      await endBulkLoads(deps.db, run);
      if (run.writing) await endDerivation(deps.db, run.today);
      context.result(`Updated ${countNoun(changed, 'sandbox org')} from their parents`);
      if (changed > 0) deps.live.publish('orgs', {});
    },
  };
}
