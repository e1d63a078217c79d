// The confirmation prompts (docs/product.md "Confirmation texts") for connected-org changes:
// ask(message, onConfirm) opens a small modal with the question word for word; the element goes
// anywhere in the screen.
import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

interface Pending {
  message: string;
  onConfirm: () => void;
}

export function useConfirm(): [ReactNode, (message: string, onConfirm: () => void) => void] {
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending(null);
  const dialog = (
    <Modal opened={pending !== null} onClose={close} title="Please confirm" centered>
      <Text size="sm">{pending?.message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            close();
            pending?.onConfirm();
          }}
        >
          Yes
        </Button>
      </Group>
    </Modal>
  );
  return [dialog, (message, onConfirm) => setPending({ message, onConfirm })];
}
