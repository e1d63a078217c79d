// A change action whose enablement is a domain Permission (read-only, the activation policy, the
// record's state): read-only users get ChangeActionButton's tooltip (docs/product.md
// "Roles and permissions"); any other refusal disables the button with the domain's reason on
// hover.
import type { ReactNode } from 'react';
import { Button, Tooltip, type ButtonVariant, type MantineColor } from '@mantine/core';
import type { Permission } from '../../domain';
import { ChangeActionButton } from './ChangeActionButton';

interface PermittedButtonProps {
  readOnly: boolean;
  permission: Permission;
  onClick: () => void;
  children: ReactNode;
  loading?: boolean;
  color?: MantineColor;
  variant?: ButtonVariant;
}

export function PermittedButton({
  readOnly,
  permission,
  children,
  ...buttonProps
}: PermittedButtonProps) {
  if (readOnly)
    return (
      <ChangeActionButton readOnly size="xs" {...buttonProps}>
        {children}
      </ChangeActionButton>
    );
  const disabled = !permission.allowed;
  return (
    <Tooltip
      label={permission.reason ?? ''}
      disabled={!disabled}
      multiline
      maw={320}
      events={{ hover: true, focus: true, touch: true }}
    >
      {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
      <span style={{ display: 'inline-block' }} tabIndex={disabled ? 0 : undefined}>
        <Button size="xs" {...buttonProps} disabled={disabled}>
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}
