import type { ReactNode } from 'react';
import { Button, Tooltip, type ButtonVariant, type MantineColor } from '@mantine/core';
import { READ_ONLY_MESSAGE } from '../../domain';

/** The reason a change action shows disabled until the release that builds it. */
export const NOT_AVAILABLE_YET = 'This action is not available yet.';

interface ChangeActionButtonProps {
  /**
   * Read-only users (and everyone until the user has loaded) see it disabled (docs/product.md
   * "Roles and permissions").
   */
  readOnly: boolean;
  /** Without a handler the action is not built yet: disabled, and the tooltip says so. */
  onClick?: () => void;
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
  const notBuilt = buttonProps.onClick === undefined;
  const disabled = readOnly || notBuilt;
  return (
    <Tooltip
      label={readOnly ? READ_ONLY_MESSAGE : NOT_AVAILABLE_YET}
      disabled={!disabled}
      events={{ hover: true, focus: true, touch: true }}
    >
      {/* A disabled button receives no pointer or focus events, so the wrapper carries the
          tooltip, and is focusable while the button is not so keyboard users learn why. */}
      <span style={{ display: 'inline-block' }} tabIndex={disabled ? 0 : undefined}>
        <Button {...buttonProps} disabled={disabled}>
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}
