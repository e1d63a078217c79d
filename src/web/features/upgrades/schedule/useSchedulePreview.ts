// What scheduling the chosen versions would do (POST …/upgrade/preview: the scheduler's own
// eligibility, nothing written), debounced so picking versions with the keyboard does not fire a
// request per keystroke. `reachesNobody` is true only for a preview of the versions chosen now.
// The start goes with them: orgs whose instance is in a Salesforce maintenance window then are
// held (docs/product.md "Maintenance windows"), and so does a staged rollout's plan, whose waves
// the answer then lists.
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { previewReachesAnyone, type RolloutPlan, type SchedulePreview } from '../../../../domain';
import { previewSchedule, type ScheduleScope } from './scheduleCalls';

export const PREVIEW_DEBOUNCE_MS = 400;

export interface SchedulePreviewState {
  query: UseQueryResult<SchedulePreview>;
  /** The preview answered for the versions chosen now and reaches no org. */
  reachesNobody: boolean;
}

export function useSchedulePreview(
  scope: ScheduleScope,
  versions: readonly string[],
  /** The chosen start as an ISO instant, or null while none is chosen. */
  start: string | null = null,
  /** A valid staged rollout plan, or null (all at once, or a plan still being fixed). */
  rollout: RolloutPlan | null = null,
): SchedulePreviewState {
  const [debounced] = useDebouncedValue(versions, PREVIEW_DEBOUNCE_MS);
  const [debouncedStart] = useDebouncedValue(start, PREVIEW_DEBOUNCE_MS);
  // Compared as text: the modal makes a new plan object on every render.
  const [planText] = useDebouncedValue(rollout ? JSON.stringify(rollout) : '', PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['schedule-preview', scope, debounced, debouncedStart, planText],
    enabled: debounced.length > 0,
    queryFn: ({ signal }) =>
      previewSchedule(
        scope,
        [...debounced],
        debouncedStart,
        signal,
        planText ? (JSON.parse(planText) as RolloutPlan) : null,
      ),
  });
  const current = debounced.join(',') === versions.join(',');
  const reachesNobody =
    versions.length > 0 && current && query.data !== undefined && !previewReachesAnyone(query.data);
  return { query, reachesNobody };
}
