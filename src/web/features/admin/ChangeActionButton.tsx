import type { ReactNode } from 'react';
import { Button, Tooltip, type ButtonVariant, type MantineColor } from '@mantine/core';
import { READ_ONLY_MESSAGE } from '../../../domain';

interface ChangeActionButtonProps {
  /** Spec §6: read-only users (and everyone until the user has loaded) see it disabled. */
  readOnly: boolean;
  onClick: () => void;
  children: ReactNode;
  loading?: boolean;
  color?: MantineColor;
  variant?: ButtonVariant;
  size?: 'xs' | 'sm';
  leftSection?: ReactNode;
}

/** A button that changes something: disabled for read-only users, with the reason on hover. */
export function ChangeActionButton({
  readOnly,
  children,
  ...buttonProps
}: ChangeActionButtonProps) {
  return (
    <Tooltip
      label={READ_ONLY_MESSAGE}
      disabled={!readOnly}
      events={{ hover: true, focus: true, touch: true }}
    >
      {/* A disabled button receives no pointer or focus events, so the wrapper carries the
          tooltip, and is focusable while the button is not so keyboard users learn why. */}
      <span style={{ display: 'inline-block' }} tabIndex={readOnly ? 0 : undefined}>
        <Button {...buttonProps} disabled={readOnly}>
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}
