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
import { analyzeSyncTables } from '../db/repositories/bulk';
import { endDerivation } from '../db/repositories/sync-state';
import type { JobStep } from '../jobs/types';
import type { SyncDeps } from './deps';
import { ANALYZE_AFTER, derivationScope, type FetchRun, type StepParams } from './fetch-run';

const NOTHING_TO_DERIVE = 'No org record changed';

export function updateOrgsFromLicensesStep(deps: SyncDeps, run: FetchRun): JobStep<StepParams> {
  return {
    name: 'Updating orgs from license status',
    async run(context) {
      if (run.full || run.fetched >= ANALYZE_AFTER) await analyzeSyncTables(deps.db);
      const scope = await derivationScope(deps.db, run);
      if (scope?.length === 0) return context.result(NOTHING_TO_DERIVE);
      const { added, licensed, statuses } = await deps.db.transaction(async (tx) => {
        await allowLargeSorts(tx);
        return {
          added: await upsertOrgsFromLicenses(tx, scope),
          licensed: await applyLicenseStatus(tx, run.today, scope),
          statuses: await deriveOrgStatus(tx, run.today, scope),
        };
      });
      context.result(
        `Updated ${countNoun(added, 'org')} from licenses, ` +
          `${countNoun(licensed, 'installed package')} with their license status and ` +
          `the status of ${countNoun(statuses, 'org')}`,
      );
      if (added + licensed + statuses > 0) deps.live.publish('orgs', {});
    },
  };
}

export function updateOrgsFromAccountsStep(deps: SyncDeps, run: FetchRun): JobStep<StepParams> {
  return {
    name: 'Updating orgs from accounts',
    async run(context) {
      const scope = await derivationScope(deps.db, run);
      if (scope?.length === 0) return context.result(NOTHING_TO_DERIVE);
      const changed = await deps.db.transaction(async (tx) => {
        await allowLargeSorts(tx);
        return applyAccountsAndEditions(tx, scope);
      });
      context.result(`Updated the account or edition of ${countNoun(changed, 'org')}`);
      if (changed > 0) deps.live.publish('orgs', {});
    },
  };
}

export function updateSandboxesStep(deps: SyncDeps, run: FetchRun): JobStep<StepParams> {
  return {
    name: 'Updating sandbox orgs from parents',
    async run(context) {
      const scope = await derivationScope(deps.db, run);
      const changed = scope?.length === 0 ? 0 : await inheritFromParents(deps.db, scope);
      // The last derivation: what the sources wrote is fully derived now.
      if (run.writing) await endDerivation(deps.db, run.today);
      context.result(`Updated ${countNoun(changed, 'sandbox org')} from their parents`);
      if (changed > 0) deps.live.publish('orgs', {});
    },
  };
}
