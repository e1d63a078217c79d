// Select Group (docs/product.md "Other dialogs"): where Copy, Move and Add To Group send the chosen
// orgs. A move asks first, word for word (docs/product.md "Confirmation texts"); the answer's group
// is the one the orgs went to, so a group created in the picker (id -1) is named in the notice with
// its new id.
import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { moveMembersPrompt, type OrgGroupRef, orgGroupEndpoints } from '../../../../domain';
import { ConfirmDialog } from '../../../components/selection/ConfirmDialog';
import { GroupPicker } from './GroupPicker';
import { callEndpoint } from '../../../api/endpoint-client';
import { showFailure } from '../../../components/failureNotice';
import { showAdded, showMoved } from './notices';

interface SelectGroupModalProps {
  opened: boolean;
  onClose: () => void;
  orgIds: readonly string[];
  /** Move: the group the orgs leave (also left out of the picker). */
  moveFrom?: number | undefined;
  /** Copy: the current group, left out of the picker. */
  excludeId?: number | undefined;
  onDone?: (group: OrgGroupRef) => void;
}

export function SelectGroupModal(props: SelectGroupModalProps) {
  const { opened, orgIds, moveFrom } = props;
  const [group, setGroup] = useState<OrgGroupRef | null>(null);
  const [confirming, setConfirming] = useState(false);
  const moving = moveFrom !== undefined;
  const navigate = useNavigate();
  const open = (path: string) => void navigate(path);
  const close = () => {
    setGroup(null);
    setConfirming(false);
    props.onClose();
  };
  const add = useMutation({
    mutationFn: (target: OrgGroupRef) =>
      callEndpoint(orgGroupEndpoints.addMembers, {
        params: { id: target.id },
        body: {
          orgIds: [...orgIds],
          ...(target.id === -1 ? { name: target.name } : {}),
          ...(moving ? { moveFrom } : {}),
        },
      }),
    onSuccess: (result) => {
      if (moving) showMoved(result, result.count, open);
      else showAdded(result, result.count, open);
      props.onDone?.(result);
      close();
    },
    onError: (error) => {
      setConfirming(false);
      showFailure('Addition Failed', error);
    },
  });
  const submit = () => {
    if (!group) return;
    if (moving) setConfirming(true);
    else add.mutate(group);
  };
  return (
    <>
      <Modal
        opened={opened && !confirming}
        onClose={close}
        title={moving ? 'Move to Group' : 'Select Group'}
        centered
      >
        <Text size="sm" mb="sm">
          {orgIds.length === 1 ? '1 org' : `${orgIds.length} orgs`} selected.
        </Text>
        <GroupPicker excludeId={moveFrom ?? props.excludeId} value={group} onChange={setGroup} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button disabled={!group} loading={add.isPending && !moving} onClick={submit}>
            {moving ? 'Move' : 'Add'}
          </Button>
        </Group>
      </Modal>
      <ConfirmDialog
        opened={opened && confirming && group !== null}
        title="Move members"
        question={moveMembersPrompt(orgIds.length, group?.name ?? '')}
        confirmLabel="Move"
        busy={add.isPending}
        onConfirm={() => group && add.mutate(group)}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
