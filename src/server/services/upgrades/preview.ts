// The Schedule Upgrade modal's preview: how many orgs each selected version will reach and, per
// kind of reason, which orgs are left out, computed by scheduling's own plan
// (UpgradeScheduler.plan), so the preview and the schedule that follows cannot disagree. Nothing
// is written, which is why read-only users may ask too. A schedule that reaches nobody is refused
// with this same preview.
import {
  nothingToScheduleMessage,
  PREVIEW_ORGS_PER_REASON,
  type SchedulePreview,
} from '../../../domain/api/upgrade-actions';
import { PREVIEW_ORGS_PER_WAVE } from '../../../domain/api/rollouts';
import { groupLeftOut } from '../../../domain/left-out';
import type { SqlClient } from '../../db/database';
import { findOrgNames } from '../../db/repositories/org-reads';
import { NothingToScheduleError } from '../../errors';
import { reachesAnyone, type SchedulePlan } from './plan';

/**
 * Scheduling (or retrying) what reaches no org is refused before anything is written: a 409
 * carrying the preview, so the caller sees why in the same words as the modal.
 */
export async function refuseNothingToSchedule(db: SqlClient, plan: SchedulePlan): Promise<void> {
  if (reachesAnyone(plan)) return;
  const preview = await previewOfPlan(db, plan);
  throw new NothingToScheduleError(nothingToScheduleMessage(preview), preview);
}

/** A plan as the preview shows it: requests with their org counts, left-out orgs by reason. */
export async function previewOfPlan(db: SqlClient, plan: SchedulePlan): Promise<SchedulePreview> {
  const lines = groupLeftOut(
    plan.leftOut.map(({ orgId, reasons }) => ({ org_id: orgId, reasons })),
    PREVIEW_ORGS_PER_REASON,
  );
  const samples = (plan.waves ?? []).map((wave) => wave.orgIds.slice(0, PREVIEW_ORGS_PER_WAVE));
  const names = await findOrgNames(db, [
    ...new Set([...lines.flatMap((line) => line.orgs.map((org) => org.org_id)), ...samples.flat()]),
  ]);
  const named = (orgId: string) => ({
    org_id: orgId,
    org_name: names.get(orgId)?.org_name ?? null,
    account_name: names.get(orgId)?.account_name ?? null,
  });
  return {
    requests: plan.requests.map(({ version, orgs }) => ({
      package_id: version.package_id,
      package_name: version.package_name,
      version_id: version.version_id,
      version_number: version.version_number,
      orgs: orgs.length,
    })),
    ...(plan.waves
      ? {
          waves: plan.waves.map((wave, index) => ({
            wave: wave.wave,
            label: wave.label,
            start_mode: wave.startMode,
            orgs: wave.orgIds.length,
            held_from_previous: wave.heldFromPrevious,
            sample: (samples[index] ?? []).map(named),
          })),
        }
      : {}),
    leftOutOrgs: plan.leftOut.length,
    leftOut: lines.map((line) => ({
      ...line,
      orgs: line.orgs.map((org) => ({ ...named(org.org_id), detail: org.detail })),
    })),
  };
}
