// The confirmation prompts (docs/product.md "Confirmation texts") and the cancel-comment modal
// (docs/product.md "Other dialogs"): the question word for word, and, when asked for, a required
// comment that is sent with the change.
import { useState } from 'react';
import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { CANCEL_COMMENT_REQUIRED } from '../../../../domain';

export interface ConfirmRequest {
  readonly title: string;
  readonly message: string;
  /** Ask for a comment (Cancel); onConfirm receives it trimmed. */
  readonly withComment?: boolean;
  /** What an empty comment is refused with (the Cancel's message unless said). */
  readonly commentRequired?: string;
  readonly confirmLabel?: string;
  readonly onConfirm: (comment: string) => void;
}

interface ConfirmModalProps {
  request: ConfirmRequest | null;
  onClose: () => void;
}

export function ConfirmModal({ request, onClose }: ConfirmModalProps) {
  return (
    <Modal opened={request !== null} onClose={onClose} title={request?.title} centered>
      {/* Keyed by the request so the comment starts empty every time the modal opens. */}
      {request && <ConfirmBody key={request.message} request={request} onClose={onClose} />}
    </Modal>
  );
}

function ConfirmBody({ request, onClose }: { request: ConfirmRequest; onClose: () => void }) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const trimmed = comment.trim();
    if (request.withComment && trimmed === '') {
      setError(request.commentRequired ?? CANCEL_COMMENT_REQUIRED);
      return;
    }
    onClose();
    request.onConfirm(trimmed);
  };
  return (
    <>
      <Text size="sm">{request.message}</Text>
      {request.withComment && (
        <Textarea
          mt="md"
          label="Comment"
          required
          rows={3}
          value={comment}
          error={error}
          data-autofocus
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setError(null);
          }}
        />
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          No
        </Button>
        <Button onClick={confirm}>{request.confirmLabel ?? 'Yes'}</Button>
      </Group>
    </>
  );
}
