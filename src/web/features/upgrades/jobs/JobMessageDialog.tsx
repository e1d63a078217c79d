// The job message dialog (docs/product.md "Other dialogs" and "Job messages"): Salesforce's error
// items (or plain text), stack-like text preformatted, 'Copy to clipboard' and Close; Escape closes
// it (Mantine's Modal does by default).
import { Button, Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { isClassError, jobMessageText, parseJobMessage } from './jobMessage';

export const COPIED_NOTICE = 'Copied message text to clipboard';

function MessageText({ value }: { value: string | null }) {
  if (!value) return null;
  if (isClassError(value))
    return (
      <Code block data-testid="class-error">
        {value}
      </Code>
    );
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
}

interface JobMessageDialogProps {
  /** The job's message; null closes the dialog. */
  message: string | null;
  onClose: () => void;
}

export function JobMessageDialog({ message, onClose }: JobMessageDialogProps) {
  const clipboard = useClipboard();
  const parsed = message === null ? null : parseJobMessage(message);
  const copy = () => {
    if (!parsed) return;
    clipboard.copy(jobMessageText(parsed));
    notifications.show({ color: 'green', message: COPIED_NOTICE, autoClose: 7_000 });
  };
  return (
    <Modal opened={parsed !== null} onClose={onClose} title="Error" size="lg" centered>
      {parsed?.kind === 'items' ? (
        <Stack gap="md">
          {parsed.items.map((entry, index) => (
            <Stack key={index} gap={4}>
              {entry.title && <Title order={4}>{entry.title}</Title>}
              <MessageText value={entry.message} />
              <MessageText value={entry.details} />
            </Stack>
          ))}
        </Stack>
      ) : parsed ? (
        <MessageText value={parsed.text} />
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={copy}>
          Copy to clipboard
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Modal>
  );
}
