// The Audit Log (docs/api.md "Saved filters, administration"): every change and every refused
// attempt, server-paged, sorted and filtered, with its export. Every signed-in user may read it.
import { AUDIT_LIST, auditEntrySchema } from '../audit';
import { listEndpoint } from '../list-endpoint';

export const auditEndpoints = {
  list: listEndpoint({
    path: '/api/audit',
    tag: 'admin',
    description:
      'The audit log: every change and every refused attempt, with who, what, when and the target.',
    list: AUDIT_LIST,
    row: auditEntrySchema,
  }),
};
