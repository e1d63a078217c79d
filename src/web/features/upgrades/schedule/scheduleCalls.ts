// The schedule calls of a scope: an org's endpoints (/api/orgs/:orgId/upgrade…), a group's
// (/api/orggroups/:id/upgrade…) or a filtered Orgs list's (/api/orgs/upgrade…, with its column
// filters), which take the same body and answer the same shapes.
import {
  upgradeEndpoints,
  type BodyOf,
  type ColumnFilter,
  type RolloutPlan,
  type SchedulePreview,
  type ScheduleResult,
} from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';

export type ScheduleScope =
  | { kind: 'org'; orgId: string }
  | { kind: 'group'; groupId: number }
  | { kind: 'orgs'; filters: readonly ColumnFilter[]; tz: string };

/** Schedules the upgrade of the scope's orgs to the chosen versions. */
export function scheduleUpgrade(
  scope: ScheduleScope,
  body: BodyOf<typeof upgradeEndpoints.scheduleForOrg>,
): Promise<ScheduleResult> {
  if (scope.kind === 'orgs') {
    const { filters, tz } = scope;
    return callEndpoint(upgradeEndpoints.scheduleForOrgs, {
      body: { ...body, filters: [...filters], tz },
    });
  }
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
  if (scope.kind === 'orgs') {
    const { filters, tz } = scope;
    return callEndpoint(upgradeEndpoints.previewForOrgs, {
      body: { ...body, filters: [...filters], tz },
      signal,
    });
  }
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
