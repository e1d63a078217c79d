// A yes/no confirmation (docs/product.md "Confirmation texts"): the question word for word, Cancel
// and a confirm button that shows progress while the change runs.
import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, title, question, confirmLabel, busy = false, danger = false } = props;
  return (
    <Modal opened={opened} onClose={props.onCancel} title={title} centered>
      <Text mb="lg">{question}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color={danger ? 'red' : undefined} loading={busy} onClick={props.onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
