// A change action on the selected rows: for read-only users the ChangeActionButton (disabled, the
// read-only reason on hover); for others enabled once something is selected.
import type { ReactNode } from 'react';
import { Button, type ButtonVariant, type MantineColor } from '@mantine/core';
import { ChangeActionButton } from '../ChangeActionButton';

interface SelectionButtonProps {
  readOnly: boolean;
  selected: number;
  onClick: () => void;
  children: ReactNode;
  color?: MantineColor;
  variant?: ButtonVariant;
}

export function SelectionButton({ readOnly, selected, ...button }: SelectionButtonProps) {
  if (readOnly) return <ChangeActionButton readOnly size="xs" {...button} />;
  return (
    <Button
      size="xs"
      variant={button.variant ?? 'default'}
      color={button.color}
      disabled={selected === 0}
      title={selected === 0 ? 'Select rows first' : undefined}
      onClick={button.onClick}
    >
      {button.children}
    </Button>
  );
}
