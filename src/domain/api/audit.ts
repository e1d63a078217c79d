// The Audit Log (docs/security.md "Audit";
// docs/product.md "Administration: Background Jobs and Audit Log"; GET /api/audit): who did what to
// which target, when, and how it ended. Server-paged like every big list; read-only users may read
// it.
import { z } from 'zod';
import { column, type ListDefinition } from './list-columns';

export const AUDIT_OUTCOMES = ['success', 'denied', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** When the change (or the attempt) was recorded, ISO 8601. */
  at: z.string(),
  /** The username who acted ('schedule' for unattended schedules). */
  actor: z.string(),
  /** A stable dotted name: 'upgrade.schedule', 'orggroup.members.add', 'job.cancel'… */
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** Type and id in one text, as the Target column shows it ('org_group 12'). */
  target: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** The details as compact 'key=value, …' text (never a token or secret). */
  details: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_LIST: ListDefinition = {
  key: 'AuditLog',
  rowKey: 'id',
  columns: [
    column('at', 'When', 'datetime'),
    column('actor', 'Who'),
    column('action', 'Action'),
    column('target', 'Target'),
    column('outcome', 'Outcome', 'enum', { values: AUDIT_OUTCOMES }),
    column('details', 'Details', 'text', { sortable: false }),
  ],
  defaultSort: [{ id: 'at', desc: true }],
};
