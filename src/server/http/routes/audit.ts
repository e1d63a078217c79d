// GET /api/audit (issue #14): the Audit Log, server-paged, sorted and filtered, with its TSV
// export. Every signed-in user may read it, read-only users included; nothing here changes.
import { AUDIT_LIST, auditEntrySchema } from '../../../domain';
import { AUDIT_SOURCE } from '../../db/lists/audit-source';
import { allOf } from '../../db/lists/sql-builder';
import type { AppInstance } from '../app';
import { registerServerList } from '../lists/register-list';

export function auditRoutes(app: AppInstance): void {
  registerServerList(app, {
    path: '/api/audit',
    tag: 'admin',
    description:
      'The audit log: every change and every refused attempt, with who, what, when and the target.',
    list: AUDIT_LIST,
    source: AUDIT_SOURCE,
    row: auditEntrySchema,
    scope: () => allOf(),
  });
}
