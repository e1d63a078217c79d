// Blacklist these orgs (docs/product.md "Failure clusters"): the cluster's orgs join the Blacklist
// Group the user picks, with a reason (recorded in the audit log: groups keep no reason per
// member). The server checks the role, the group's type and the reason again.
import { useState } from 'react';
import { Button, Group, Modal, Select, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgGroupEndpoints, upgradeEndpoints } from '../../../../domain';
import type { FailureCluster } from '../../../../domain/api/failure-clusters';
import { callEndpoint } from '../../../api/endpoint-client';
import { queryKeys } from '../../../api/queryKeys';
import { useEndpointQuery } from '../../../api/useEndpointQuery';
import { showFailure } from '../../../components/failureNotice';

interface BlacklistClusterModalProps {
  upgradeId: number;
  itemId?: number | undefined;
  /** The cluster to blacklist; null closes the modal. */
  cluster: FailureCluster | null;
  onClose: () => void;
}

export function BlacklistClusterModal({
  upgradeId,
  itemId,
  cluster,
  onClose,
}: BlacklistClusterModalProps) {
  return (
    <Modal opened={cluster !== null} onClose={onClose} title="Blacklist these orgs" centered>
      {cluster && <BlacklistForm key={cluster.key} {...{ upgradeId, itemId, cluster, onClose }} />}
    </Modal>
  );
}

function BlacklistForm({
  upgradeId,
  itemId,
  cluster,
  onClose,
}: BlacklistClusterModalProps & { cluster: FailureCluster }) {
  const queryClient = useQueryClient();
  const groups = useEndpointQuery(
    [...queryKeys.orgGroups, { type: 'Blacklist Group' }],
    orgGroupEndpoints.list,
    { query: { type: 'Blacklist Group' } },
  );
  const [groupId, setGroupId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ group?: string; reason?: string }>({});
  const blacklist = useMutation({
    mutationFn: (body: { groupId: number; reason: string }) =>
      callEndpoint(upgradeEndpoints.blacklistCluster, {
        params: { id: upgradeId },
        body: { key: cluster.key, ...(itemId !== undefined ? { itemId } : {}), ...body },
      }),
    onSuccess: (answer) => {
      for (const queryKey of [queryKeys.orgGroups, queryKeys.orgGroup, queryKeys.orgs])
        void queryClient.invalidateQueries({ queryKey });
      notifications.show({
        color: 'green',
        title: 'Orgs Blacklisted',
        message: `${answer.count} ${answer.count === 1 ? 'org' : 'orgs'} added to ${answer.name}. Future upgrades leave them out.`,
        autoClose: 7_000,
      });
      onClose();
    },
    onError: (error) => showFailure('Addition Failed', error),
  });

  const submit = () => {
    const found = {
      ...(groupId === null ? { group: 'Choose a Blacklist Group.' } : {}),
      ...(reason.trim() === '' ? { reason: 'Say why these orgs are blacklisted.' } : {}),
    };
    setErrors(found);
    if (groupId === null || reason.trim() === '') return;
    blacklist.mutate({ groupId: Number(groupId), reason: reason.trim() });
  };

  const options = (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  return (
    <>
      <Text size="sm">
        {`The ${cluster.orgs} ${cluster.orgs === 1 ? 'org' : 'orgs'} of this cluster will be added to the Blacklist Group you choose. Future upgrades leave them out.`}
      </Text>
      <Select
        mt="md"
        label="Blacklist Group"
        placeholder={groups.isLoading ? 'Loading…' : 'Choose a group'}
        data={options}
        value={groupId}
        onChange={(value) => {
          setGroupId(value);
          setErrors((e) => ({ ...e, group: undefined }));
        }}
        nothingFoundMessage="No Blacklist Group yet. Create one on the Org Groups page."
        searchable
        required
        error={errors.group}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        mt="md"
        label="Reason"
        description="Recorded in the audit log."
        required
        rows={3}
        value={reason}
        error={errors.reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setErrors((e) => ({ ...e, reason: undefined }));
        }}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" loading={blacklist.isPending} onClick={submit}>
          Blacklist
        </Button>
      </Group>
    </>
  );
}
