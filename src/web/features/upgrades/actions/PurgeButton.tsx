// Purge (docs/product.md "Purge"): deletes the selected upgrades' history after a confirmation and
// then the word 'please' typed in any case; anything else does nothing. The server refuses active
// upgrades (409) with a sentence saying why, shown under the failure title.
import { useState } from 'react';
import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  countNoun,
  isPurgeConfirmed,
  upgradeEndpoints,
  PURGE_CONFIRMATION_WORD,
} from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { queryKeys } from '../../../api/queryKeys';
import { PermittedButton } from '../../../components/PermittedButton';

export const PURGE_FAILED = 'Delete Failed';

export function purgePrompt(count: number) {
  return `Are you sure you want to purge the history of ${countNoun(count, 'upgrade')}? Their requests and jobs are deleted; Salesforce is not changed.`;
}

interface PurgeButtonProps {
  upgradeIds: number[];
  readOnly: boolean;
  onPurged: () => void;
}

export function PurgeButton({ upgradeIds, readOnly, onPurged }: PurgeButtonProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'closed' | 'confirm' | 'type'>('closed');
  const [typed, setTyped] = useState('');
  const purge = useMutation({
    mutationFn: (ids: number[]) =>
      callEndpoint(upgradeEndpoints.purge, { body: { upgradeIds: ids } }),
    onSuccess: ({ purged }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.upgrades });
      notifications.show({
        color: 'green',
        title: 'Purged',
        message: `Purged ${countNoun(purged, 'upgrade')}.`,
        autoClose: 7_000,
      });
      onPurged();
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: PURGE_FAILED,
        message: error.message,
        autoClose: 10_000,
      }),
  });
  const close = () => {
    setStep('closed');
    setTyped('');
  };
  const submitWord = () => {
    const confirmed = isPurgeConfirmed(typed);
    close();
    // Anything but the word does nothing (docs/product.md "Confirmation texts").
    if (confirmed) purge.mutate(upgradeIds);
  };
  return (
    <>
      <PermittedButton
        readOnly={readOnly}
        permission={
          upgradeIds.length > 0
            ? { allowed: true, reason: null }
            : { allowed: false, reason: 'Select the upgrades to purge.' }
        }
        color="red"
        variant="light"
        loading={purge.isPending}
        onClick={() => setStep('confirm')}
      >
        Purge
      </PermittedButton>
      <Modal opened={step !== 'closed'} onClose={close} title="Purge" centered>
        {step === 'confirm' ? (
          <>
            <Text size="sm">{purgePrompt(upgradeIds.length)}</Text>
            <Group justify="flex-end" mt="lg">
              <Button variant="default" onClick={close}>
                No
              </Button>
              <Button color="red" onClick={() => setStep('type')}>
                Yes
              </Button>
            </Group>
          </>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submitWord();
            }}
          >
            <TextInput
              label={`Type '${PURGE_CONFIRMATION_WORD}' to purge`}
              value={typed}
              data-autofocus
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <Group justify="flex-end" mt="lg">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button color="red" type="submit">
                Purge
              </Button>
            </Group>
          </form>
        )}
      </Modal>
    </>
  );
}
