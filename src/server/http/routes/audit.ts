// GET /api/audit: the Audit Log, server-paged, sorted and filtered, with its TSV export. Every
// signed-in user may read it, read-only users included; nothing here changes.
import { auditEndpoints } from '../../../domain';
import { AUDIT_SOURCE } from '../../db/lists/audit-source';
import { allOf } from '../../db/lists/sql-builder';
import type { AppInstance } from '../app-instance';
import { registerServerList } from '../lists/register-list';

export function auditRoutes(app: AppInstance): void {
  registerServerList(app, auditEndpoints.list, { source: AUDIT_SOURCE, scope: () => allOf() });
}
