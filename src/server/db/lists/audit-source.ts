// The SQL of the Audit Log list (GET /api/audit). Details are shown as compact 'key=value' text;
// the Target column is the target's type and id in one text.
import type { ListSource } from './list-source';

// Written with || (immutable, unlike concat_ws) so that an index on it can serve the sort
// (migration 0015); empty when there is no target type.
const TARGET = `(l.target_type || coalesce(' ' || nullif(trim(l.target_id), ''), ''))`;

// 'key=value, …' (migration 0015's audit_details_text, which a trigram index holds).
const DETAILS = 'audit_details_text(l.details)';

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
};
