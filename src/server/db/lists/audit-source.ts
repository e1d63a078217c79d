// The SQL of the Audit Log list (GET /api/audit). Details are shown as compact 'key=value' text;
// the Target column is the target's type and id in one text.
import { distinctValueGroups, type ListSource, type SortGroups } from './list-source';

// Both stored on the row when it is written (migration 0025), so that neither a filter tested on
// thousands of rows nor a sort recomputes them: details_text is audit_details_text(details),
// 'key=value, …'; target_text is the type and the trimmed id, empty when there is no target type.
const TARGET = 'l.target_text';
const DETAILS = 'l.details_text';

/** A column with few values, read one value at a time through its (column, …) indexes. */
const values = (column: string): SortGroups =>
  distinctValueGroups({ table: 'audit_log', alias: 'l', column });

const OUTCOMES = values('outcome');
const ACTIONS = values('action');
const ACTORS = values('actor');

export const AUDIT_SOURCE: ListSource = {
  from: 'audit_log l',
  select: `l.id::int AS id, l.at, l.actor, l.action, l.target_type,
    nullif(trim(l.target_id), '') AS target_id, ${TARGET} AS target, l.outcome,
    left(${DETAILS}, 2000) AS details`,
  columns: {
    at: 'l.at',
    actor: 'l.actor',
    action: 'l.action',
    target: TARGET,
    outcome: 'l.outcome',
    details: DETAILS,
  },
  uniqueKey: ['l.id'],
  // Three outcomes, a few dozen actions and users (migration 0025): a filter on one becomes
  // `column = value`, which (column, at, id) reads in the list's default order.
  fewValues: { outcome: OUTCOMES, action: ACTIONS, actor: ACTORS },
  // A second sort key within one outcome (or action, or user) walks that key's own index for
  // that value, instead of sorting every row of the value (188 000 successes by target: 70 ms).
  groupedSorts: { outcome: OUTCOMES, action: ACTIONS, actor: ACTORS },
};
