// Connected Orgs list (docs/product.md "Connected Orgs list"): the packaging, license and account
// orgs Pushboard works through, with their connection status, and the Add Org (shift: sandbox),
// Refresh, Revoke and Delete actions on the selection. A click on a row that is not Connected
// re-connects it.
import { useMemo, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import {
  CONNECTED_ORG_LIST,
  CONNECTED_ORGS_NOTE,
  READ_ONLY_MESSAGE,
  removeConnectedOrgsPrompt,
  type ConnectedOrg,
} from '../../../../domain';
import { canActOnConnectedOrg } from '../../../../domain/actions';
import { ChangeActionButton } from '../../../components/ChangeActionButton';
import { browserTimeZone, DataTable } from '../../../components/data-table';
import { Screen } from '../../../components/Screen';
import { useTableAccess } from '../../../app/current-user/useTableAccess';
import { ListTitle } from '../../../components/ListTitle';
import { PermittedButton } from '../../../components/PermittedButton';
import { connectedOrgCells, connectedOrgHref } from './connectedOrgCells';
import { startConnect } from '../actions/connectFlow';
import { showFailure, useConnectedOrgChanges } from '../actions/useConnectedOrgChanges';
import { useConfirm } from '../actions/useConfirm';
import { useConnectedOrgs } from './useConnectedOrgs';

const NONE_SELECTED = 'Select the connected orgs first.';

export function ConnectedOrgsListScreen() {
  const { readOnly, username } = useTableAccess();
  const orgs = useConnectedOrgs();
  const changes = useConnectedOrgChanges();
  const [selection, setSelection] = useState<Set<string>>(new Set());
  const [confirmDialog, confirm] = useConfirm();
  // Add Org reads the shift key of its click (docs/product.md "Constants and limits": shift = the
  // sandbox login endpoint).
  const shift = useRef(false);
  const renderCell = useMemo(
    () => connectedOrgCells(browserTimeZone(), readOnly ? READ_ONLY_MESSAGE : undefined),
    [readOnly],
  );

  const selected = (orgs.data ?? []).filter((org) => selection.has(org.org_id));
  const ids = selected.map((org) => org.org_id);
  /**
   * Refresh and Revoke need every selected org Connected (docs/product.md "Connected org states").
   */
  const needsConnected = (action: 'refresh' | 'revoke') => {
    if (selected.length === 0) return { allowed: false, reason: NONE_SELECTED } as const;
    for (const org of selected) {
      const rule = canActOnConnectedOrg({ read_only: readOnly }, org, action);
      if (!rule.allowed) return { ...rule, reason: `${org.name}: ${rule.reason}` };
    }
    return { allowed: true, reason: null } as const;
  };
  const clear = { onSuccess: () => setSelection(new Set()) };

  const reconnect = (org: ConnectedOrg) =>
    void startConnect({
      instanceUrl: org.instance_url,
      type: org.type,
      returnTo: '/packageorgs',
    }).catch((error: Error) => showFailure('connect', error));

  return (
    <Screen name="packageorgs" title="Connected Orgs">
      <ListTitle title="Connected Orgs" total={orgs.data?.length} inWords />
      <Text size="sm" c="dimmed" mt={-8} mb="md">
        {CONNECTED_ORGS_NOTE}
      </Text>
      {confirmDialog}
      <DataTable<ConnectedOrg>
        name="packageorgs"
        list={CONNECTED_ORG_LIST}
        source={{ mode: 'client', rows: orgs.data, loading: orgs.isPending, error: orgs.error }}
        rowHref={connectedOrgHref}
        {...(readOnly ? {} : { onRowClick: reconnect })}
        renderCell={renderCell}
        // Read-only users cannot select rows in the connected orgs list (docs/product.md
        // "Roles and permissions").
        selectable={!readOnly}
        selection={selection}
        onSelectionChange={setSelection}
        readOnly={readOnly}
        username={username}
        toolbar={
          <>
            <span
              onClickCapture={(event) => {
                shift.current = event.shiftKey;
              }}
            >
              <ChangeActionButton
                readOnly={readOnly}
                size="xs"
                onClick={() =>
                  void startConnect({
                    returnTo: '/packageorgs',
                    sandbox: shift.current,
                  }).catch((error: Error) => showFailure('connect', error))
                }
              >
                Add Org
              </ChangeActionButton>
            </span>
            <PermittedButton
              readOnly={readOnly}
              permission={needsConnected('refresh')}
              variant="default"
              loading={changes.refresh.isPending}
              onClick={() => changes.refresh.mutate(ids, clear)}
            >
              Refresh
            </PermittedButton>
            <PermittedButton
              readOnly={readOnly}
              permission={needsConnected('revoke')}
              variant="default"
              loading={changes.revoke.isPending}
              onClick={() => changes.revoke.mutate(ids, clear)}
            >
              Revoke
            </PermittedButton>
            <PermittedButton
              readOnly={readOnly}
              permission={
                ids.length > 0
                  ? { allowed: true, reason: null }
                  : { allowed: false, reason: NONE_SELECTED }
              }
              color="red"
              variant="light"
              loading={changes.remove.isPending}
              onClick={() =>
                confirm(removeConnectedOrgsPrompt(ids.length), () =>
                  changes.remove.mutate(ids, clear),
                )
              }
            >
              Delete
            </PermittedButton>
          </>
        }
      />
    </Screen>
  );
}
