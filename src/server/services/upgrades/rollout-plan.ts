// Splitting a schedule plan into the waves of a staged rollout
// (docs/product.md "Staged rollouts"): the eligible orgs of the one eligibility path (plan.ts) are placed by the domain's
// assignWaves, the server answering which orgs a group or a filter selects; each request becomes
// one request per wave, so each wave is its own push request in Salesforce and goes out only when
// its turn comes. Orgs of the first wave whose instance is in a maintenance window at the start
// are held to the second wave (left out when there is none). Nothing is written.
import { MAINTENANCE_HOLD_MINUTES } from '../../../domain/eligibility';
import { ORG_LIST } from '../../../domain/api/orgs';
import type { LeftOutReason } from '../../../domain/left-out';
import { assignWaves, type RolloutPlan } from '../../../domain/rollout';
import { waveLabel } from '../../../domain/rollout-state';
import type { Database } from '../../db/database';
import { findMaintenanceHolds } from '../../db/repositories/instances';
import { findOrgGroup } from '../../db/repositories/org-group-reads';
import { findGroupOrgIds } from '../../db/repositories/orgs';
import { InvalidError } from '../../errors';
import { orgsMatching } from './filtered-orgs';
import { maintenanceReason, type PlannedWave, type SchedulePlan } from './plan';

/** The plan's requests split by wave, its waves, and the orgs no wave takes left out. */
export async function planWaves(
  db: Database,
  plan: SchedulePlan,
  rollout: RolloutPlan,
  startTime: Date | undefined,
  username: string | null,
): Promise<SchedulePlan> {
  const eligible = [...new Set(plan.requests.flatMap((r) => r.orgs.map((o) => o.orgId)))];
  const selections = await selectedOrgs(db, rollout, eligible, username);
  const assignment = assignWaves(
    eligible.map((orgId) => ({ orgId })),
    rollout,
    (_selector, index, org) => selections.get(index)?.ids.has(org.orgId) ?? false,
  );
  const waveOrgs = assignment.waves.map((orgs) => orgs.map((o) => o.orgId));
  const leftOut = [...plan.leftOut];
  const held = startTime
    ? await heldAtStart(db, waveOrgs[0] ?? [], startTime)
    : new Map<string, LeftOutReason>();
  let heldFromFirst = 0;
  if (held.size > 0) {
    waveOrgs[0] = (waveOrgs[0] ?? []).filter((orgId) => !held.has(orgId));
    if (waveOrgs.length > 1) {
      waveOrgs[1] = [...held.keys(), ...(waveOrgs[1] ?? [])];
      heldFromFirst = held.size;
    } else {
      for (const [orgId, reason] of held) leftOut.push({ orgId, reasons: [reason] });
    }
  }
  for (const { orgId } of assignment.leftOut) {
    leftOut.push({ orgId, reasons: [{ kind: 'not-in-wave' }] });
  }

  const waveOf = new Map<string, number>();
  waveOrgs.forEach((ids, index) => ids.forEach((orgId) => waveOf.set(orgId, index + 1)));
  const requests = waveOrgs.flatMap((_ids, index) =>
    plan.requests.flatMap((request) => {
      const orgs = request.orgs.filter((o) => waveOf.get(o.orgId) === index + 1);
      return orgs.length > 0 ? [{ ...request, orgs, wave: index + 1 }] : [];
    }),
  );
  const waves: PlannedWave[] = rollout.waves.map((wave, index) => ({
    wave: index + 1,
    label: waveLabel(wave.selector, {
      group: () => selections.get(index)?.name,
      column: (id) => ORG_LIST.columns.find((c) => c.id === id)?.label,
    }),
    startMode: wave.start,
    orgIds: waveOrgs[index] ?? [],
    heldFromPrevious: index === 1 ? heldFromFirst : 0,
  }));
  return { requests, waves, leftOut };
}

interface Selection {
  ids: Set<string>;
  /** A group wave's group name. */
  name?: string;
}

/** Per group or filter wave (by index), the eligible orgs it selects. */
async function selectedOrgs(
  db: Database,
  rollout: RolloutPlan,
  eligible: readonly string[],
  username: string | null,
): Promise<Map<number, Selection>> {
  const selections = new Map<number, Selection>();
  for (const [index, wave] of rollout.waves.entries()) {
    const field = `rollout.waves.${index}.selector`;
    if (wave.selector.kind === 'group') {
      const { groupId } = wave.selector;
      const group = await findOrgGroup(db, groupId);
      const members = group ? await findGroupOrgIds(db, groupId) : undefined;
      if (!group || !members) {
        throw new InvalidError(`${field}.groupId: no org group ${groupId}`, `${field}.groupId`);
      }
      selections.set(index, { ids: new Set(members.map((id) => id.trim())), name: group.name });
    } else if (wave.selector.kind === 'filter') {
      const { filters } = wave.selector;
      const ids = await orgsMatching(
        db,
        filters,
        { username, among: eligible },
        `${field}.filters`,
      );
      selections.set(index, { ids: new Set(ids) });
    }
  }
  return selections;
}

/** Orgs whose instance has a maintenance window within MAINTENANCE_HOLD_MINUTES of the start. */
async function heldAtStart(
  db: Database,
  orgIds: readonly string[],
  startTime: Date,
): Promise<Map<string, LeftOutReason>> {
  const until = new Date(startTime.getTime() + MAINTENANCE_HOLD_MINUTES * 60_000);
  const holds = await findMaintenanceHolds(db, orgIds, startTime, until);
  return new Map(holds.map((hold) => [hold.org_id.trim(), maintenanceReason(hold)]));
}
