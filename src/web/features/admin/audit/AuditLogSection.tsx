// The Audit Log section of the Administration page (docs/product.md
// "Administration: Background Jobs and Audit Log"; docs/security.md "Audit"): every change and
// every refused attempt, newest first, server-paged with the list screens' DataTable (filters,
// sort, export). Read-only users see it too; the only thing they cannot do here is save filters.
import { Stack, Title } from '@mantine/core';
import { auditEndpoints, AUDIT_LIST, type AuditEntry } from '../../../../domain';
import { DataTable } from '../../../components/data-table';
import { useTableAccess } from '../../../app/current-user/useTableAccess';

/** The cache key of the audit pages (refetched when the section mounts or the page regains focus). */
export const AUDIT_QUERY_KEY = ['audit'] as const;

const source = {
  mode: 'server',
  endpoint: auditEndpoints.list,
  queryKey: AUDIT_QUERY_KEY,
} as const;

const OUTCOME_LABELS: Record<AuditEntry['outcome'], string> = {
  success: 'Success',
  denied: 'Denied',
  failed: 'Failed',
};

const renderCell = {
  outcome: (row: AuditEntry) => OUTCOME_LABELS[row.outcome],
};

export function AuditLogSection() {
  const access = useTableAccess();
  return (
    <Stack gap="xs" component="section" aria-labelledby="audit-log-title">
      <Title order={2} id="audit-log-title">
        Audit Log
      </Title>
      <DataTable<AuditEntry>
        name="audit-log"
        list={AUDIT_LIST}
        source={source}
        {...access}
        renderCell={renderCell}
        exportName="audit-log"
      />
    </Stack>
  );
}
