// The connected org's actions (docs/product.md "Connected Org detail" and "Connected org states"):
// Activate / Deactivate for packaging orgs (deactivation confirms), Connect while not Connected,
// Export, Refresh and Revoke while Connected, Edit, and Delete (confirms). Read-only users see
// every one disabled with the read-only tooltip; a state rule disables with its own reason.
import { useState } from 'react';
import { Group } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  DEACTIVATE_CONNECTION_PROMPT,
  REMOVE_CONNECTION_PROMPT,
  type ConnectedOrg,
} from '../../../../domain';
import { canActOnConnectedOrg, type ConnectedOrgAction } from '../../../../domain/actions';
import { paths } from '../../../components/paths';
import { PermittedButton } from '../../../components/PermittedButton';
import { openExport, startConnect } from './connectFlow';
import { EditConnectedOrgModal } from './EditConnectedOrgModal';
import { showFailure, useConnectedOrgChanges } from './useConnectedOrgChanges';
import { useConfirm } from './useConfirm';

interface ConnectedOrgActionsProps {
  org: ConnectedOrg;
  readOnly: boolean;
}

const ALLOWED = { allowed: true, reason: null } as const;

export function ConnectedOrgActions({ org, readOnly }: ConnectedOrgActionsProps) {
  const navigate = useNavigate();
  const changes = useConnectedOrgChanges();
  const [editing, setEditing] = useState(false);
  const [confirmDialog, confirm] = useConfirm();
  const actor = { read_only: readOnly };
  const rule = (action: ConnectedOrgAction) => canActOnConnectedOrg(actor, org, action);
  const ids = [org.org_id];
  const here = paths.packageOrg(org.org_id) ?? '/packageorgs';

  const toggleActive = () => {
    const run = () => changes.activation.mutate({ orgIds: ids, flag: !org.active });
    if (org.active) confirm(DEACTIVATE_CONNECTION_PROMPT, run);
    else run();
  };
  const connect = () =>
    void startConnect({ instanceUrl: org.instance_url, type: org.type, returnTo: here }).catch(
      (error: Error) => showFailure('connect', error),
    );
  const exportOrg = () =>
    void openExport(org, here).catch((error: Error) => showFailure('connect', error));
  const remove = () =>
    confirm(REMOVE_CONNECTION_PROMPT, () =>
      changes.remove.mutate(ids, { onSuccess: () => void navigate('/packageorgs') }),
    );

  return (
    <Group gap="xs" role="group" aria-label="Connected org actions">
      {/* Only a packaging org can be switched on and off for upgrades. */}
      {org.type === 'Package' && (
        <PermittedButton
          readOnly={readOnly}
          permission={rule('toggleActive')}
          variant="default"
          loading={changes.activation.isPending}
          onClick={toggleActive}
        >
          {org.active ? 'Deactivate' : 'Activate'}
        </PermittedButton>
      )}
      <PermittedButton readOnly={readOnly} permission={rule('connect')} onClick={connect}>
        Connect
      </PermittedButton>
      <PermittedButton
        readOnly={readOnly}
        permission={rule('export')}
        variant="default"
        onClick={exportOrg}
      >
        Export
      </PermittedButton>
      <PermittedButton
        readOnly={readOnly}
        permission={rule('refresh')}
        variant="default"
        loading={changes.refresh.isPending}
        onClick={() => changes.refresh.mutate(ids)}
      >
        Refresh
      </PermittedButton>
      <PermittedButton
        readOnly={readOnly}
        permission={rule('revoke')}
        variant="default"
        loading={changes.revoke.isPending}
        onClick={() => changes.revoke.mutate(ids)}
      >
        Revoke
      </PermittedButton>
      <PermittedButton
        readOnly={readOnly}
        permission={ALLOWED}
        variant="default"
        onClick={() => setEditing(true)}
      >
        Edit
      </PermittedButton>
      <PermittedButton
        readOnly={readOnly}
        permission={ALLOWED}
        color="red"
        variant="light"
        loading={changes.remove.isPending}
        onClick={remove}
      >
        Delete
      </PermittedButton>
      {confirmDialog}
      <EditConnectedOrgModal
        org={org}
        opened={editing}
        saving={changes.edit.isPending}
        onClose={() => setEditing(false)}
        onSave={(values) =>
          changes.edit.mutate(
            { org_id: org.org_id, ...values },
            { onSuccess: () => setEditing(false) },
          )
        }
      />
    </Group>
  );
}
