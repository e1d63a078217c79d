// How the Connected Orgs list shows its cells. A connected row links to the org; a click on a row
// that is not Connected starts the re-connect flow (docs/product.md "Connected Orgs list"), which
// its cells say on hover, and its status says why it needs it (Salesforce refused its refresh
// token, it was revoked…).
import type { ReactNode } from 'react';
import { Stack, Text, Tooltip } from '@mantine/core';
import { CONNECTED_ORG_LIST, type ConnectedOrg } from '../../../../domain';
import { cellText, rowValue } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import { ConnectionStatusBadge } from '../shared/ConnectionStatusBadge';

export const RECONNECT_HINT = 'Click to connect this org again.';

export function isConnected(org: Pick<ConnectedOrg, 'status'>): boolean {
  return org.status === 'Connected';
}

export function connectedOrgHref(org: ConnectedOrg): string | null {
  return isConnected(org) ? paths.packageOrg(org.org_id) : null;
}

/** `hint`: what a click on a row that is not Connected does (or why it does nothing). */
export function connectedOrgCells(
  timeZone: string,
  hint: string = RECONNECT_HINT,
): Partial<Record<string, (org: ConnectedOrg) => ReactNode>> {
  return Object.fromEntries(
    CONNECTED_ORG_LIST.columns.map((column) => [
      column.id,
      (org: ConnectedOrg) => {
        const content =
          column.id === 'status' ? (
            <Stack gap={2} align="flex-start">
              <ConnectionStatusBadge status={org.status} />
              {org.status_reason && (
                <Text size="xs" c="dimmed" maw={360} data-testid="status-reason">
                  {org.status_reason}
                </Text>
              )}
            </Stack>
          ) : (
            cellText(rowValue(org, column), column.kind, timeZone)
          );
        if (isConnected(org)) return content;
        return (
          <Tooltip label={hint} multiline maw={320}>
            <span>{content}</span>
          </Tooltip>
        );
      },
    ]),
  );
}
