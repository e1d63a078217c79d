// What Export shows about a connection (spec §2 "Export opens a URL in a popup window of 540x600").
// The predecessor handed the org's token to the browser here (domain.md); Pushboard shows what an
// operator needs instead — which org, how and by whom it is connected, and how to connect it again —
// and reads only columns that hold no secret.
import type { SqlClient } from '../../db/database';
import {
  findConnectionExportRow,
  type ConnectionExportRow,
} from '../../db/repositories/connected-org-reads';
import { CONNECT_SCOPE } from './connect-flow';

/** The connection's row plus the scopes a new connection is granted. */
export interface ConnectionExport extends ConnectionExportRow {
  scopes: string;
}

/** The connected org with this instance URL (and type), without any token column. */
export async function findConnectionExport(
  db: SqlClient,
  where: { instanceUrl: string; type: string } | { orgId: string },
): Promise<ConnectionExport | null> {
  const row = await findConnectionExportRow(db, where);
  return row ? { ...row, scopes: CONNECT_SCOPE } : null;
}
