// The schedule calls of a scope: an org's endpoints (/api/orgs/:orgId/upgrade…) or a group's
// (/api/orggroups/:id/upgrade…), which take the same body and answer the same shapes.
import {
  upgradeEndpoints,
  type BodyOf,
  type RolloutPlan,
  type SchedulePreview,
  type ScheduleResult,
} from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';

export type ScheduleScope = { kind: 'org'; orgId: string } | { kind: 'group'; groupId: number };

/** Schedules the upgrade of the scope's orgs to the chosen versions. */
export function scheduleUpgrade(
  scope: ScheduleScope,
  body: BodyOf<typeof upgradeEndpoints.scheduleForOrg>,
): Promise<ScheduleResult> {
  return scope.kind === 'org'
    ? callEndpoint(upgradeEndpoints.scheduleForOrg, { params: { orgId: scope.orgId }, body })
    : callEndpoint(upgradeEndpoints.scheduleForGroup, { params: { id: scope.groupId }, body });
}

/** What scheduling these versions for the scope would do; nothing is created. */
export function previewSchedule(
  scope: ScheduleScope,
  versions: string[],
  start: string | null,
  signal: AbortSignal,
  /** A staged rollout: the preview then names each wave's orgs. */
  rollout: RolloutPlan | null = null,
): Promise<SchedulePreview> {
  const body = {
    versions,
    ...(start ? { scheduled_date: start } : {}),
    ...(rollout ? { rollout } : {}),
  };
  return scope.kind === 'org'
    ? callEndpoint(upgradeEndpoints.previewForOrg, {
        params: { orgId: scope.orgId },
        body,
        signal,
      })
    : callEndpoint(upgradeEndpoints.previewForGroup, {
        params: { id: scope.groupId },
        body,
        signal,
      });
}
