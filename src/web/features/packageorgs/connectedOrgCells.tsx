// How the Connected Orgs list shows its cells. A connected row links to the org; a row that is
// not Connected would start the re-connect flow (spec §2), which arrives with connected-org
// management, so until then its cells say so on hover instead of ignoring the click.
import type { ReactNode } from 'react';
import { Tooltip } from '@mantine/core';
import { CONNECTED_ORG_LIST, type ConnectedOrg } from '../../../domain';
import { cellText, rowValue } from '../../components/data-table';
import { paths } from '../../components/paths';
import { ConnectionStatusBadge } from './ConnectionStatusBadge';

export const RECONNECT_NOT_YET =
  'Re-connecting this org comes with connected-org management; it is not available yet.';

export function isConnected(org: Pick<ConnectedOrg, 'status'>): boolean {
  return org.status === 'Connected';
}

export function connectedOrgHref(org: ConnectedOrg): string | null {
  return isConnected(org) ? paths.packageOrg(org.org_id) : null;
}

export function connectedOrgCells(
  timeZone: string,
): Partial<Record<string, (org: ConnectedOrg) => ReactNode>> {
  return Object.fromEntries(
    CONNECTED_ORG_LIST.columns.map((column) => [
      column.id,
      (org: ConnectedOrg) => {
        const content =
          column.id === 'status' ? (
            <ConnectionStatusBadge status={org.status} />
          ) : (
            cellText(rowValue(org, column), column.kind, timeZone)
          );
        if (isConnected(org)) return content;
        return (
          <Tooltip label={RECONNECT_NOT_YET} multiline maw={320}>
            <span style={{ cursor: 'help' }}>{content}</span>
          </Tooltip>
        );
      },
    ]),
  );
}
