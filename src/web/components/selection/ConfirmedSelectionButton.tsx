// A destructive action on the selected rows (delete groups, remove members, leave groups): the
// selection button, the confirmation (docs/product.md "Confirmation texts") and, on refusal, the
// failure title with the server's message (docs/product.md "Notices"). The dialog stays open, busy,
// until the server has answered.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ConfirmDialog } from './ConfirmDialog';
import { showFailure, type FailureTitle } from '../failureNotice';
import { SelectionButton } from './SelectionButton';

interface ConfirmedSelectionButtonProps {
  readOnly: boolean;
  selected: number;
  /** The button's text, e.g. 'Delete'. */
  label: string;
  title: string;
  question: string;
  confirmLabel: string;
  failureTitle: FailureTitle;
  run: () => Promise<unknown>;
  onDone?: () => void;
}

export function ConfirmedSelectionButton(props: ConfirmedSelectionButtonProps) {
  const [asking, setAsking] = useState(false);
  const action = useMutation({
    mutationFn: props.run,
    onSuccess: () => props.onDone?.(),
    onError: (error) => showFailure(props.failureTitle, error),
    onSettled: () => setAsking(false),
  });
  return (
    <>
      <SelectionButton
        readOnly={props.readOnly}
        selected={props.selected}
        color="red"
        variant="light"
        onClick={() => setAsking(true)}
      >
        {props.label}
      </SelectionButton>
      <ConfirmDialog
        opened={asking}
        title={props.title}
        question={props.question}
        confirmLabel={props.confirmLabel}
        danger
        busy={action.isPending}
        onConfirm={() => action.mutate()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
