// What scheduling the chosen versions would do (POST …/upgrade/preview: the scheduler's own
// eligibility, nothing written), debounced so picking versions with the keyboard does not fire a
// request per keystroke. `reachesNobody` is true only for a preview of the versions chosen now.
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { previewReachesAnyone, type SchedulePreview } from '../../../../domain';
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
): SchedulePreviewState {
  const [debounced] = useDebouncedValue(versions, PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['schedule-preview', scope, debounced],
    enabled: debounced.length > 0,
    queryFn: ({ signal }) => previewSchedule(scope, [...debounced], signal),
  });
  const current = debounced.join(',') === versions.join(',');
  const reachesNobody =
    versions.length > 0 && current && query.data !== undefined && !previewReachesAnyone(query.data);
  return { query, reachesNobody };
}
