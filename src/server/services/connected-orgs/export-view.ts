// What Export shows about a connection (docs/product.md "Connected Org detail": a 540×600 window).
// The console Pushboard replaces handed the org's token to the browser here (weakness 5 in
// docs/architecture.md "Weaknesses of the console Pushboard replaces"); Pushboard shows what an
// operator needs instead — which org, how and by whom it is connected, and how to connect it again
// — and reads only columns that hold no secret.
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
