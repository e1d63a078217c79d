// A row of change actions that each ask for confirmation first (docs/product.md
// "Confirmation texts"): the Upgrade and Upgrade Request details describe their actions as data and
// this draws the buttons, the tooltips of refused actions and the one confirmation modal they
// share.
import { useState } from 'react';
import { Group, type ButtonVariant, type MantineColor } from '@mantine/core';
import type { Permission } from '../../../../domain';
import { ConfirmModal, type ConfirmRequest } from './ConfirmModal';
import { PermittedButton } from '../../../components/PermittedButton';

export interface ConfirmedAction {
  label: string;
  permission: Permission;
  pending: boolean;
  /** What the confirmation modal asks; its onConfirm runs the action. */
  confirm: ConfirmRequest;
  color?: MantineColor;
  variant?: ButtonVariant;
}

interface ConfirmedActionBarProps {
  /** The group's accessible name, e.g. 'Upgrade actions'. */
  name: string;
  readOnly: boolean;
  actions: readonly ConfirmedAction[];
}

export function ConfirmedActionBar({ name, readOnly, actions }: ConfirmedActionBarProps) {
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  return (
    <Group gap="xs" role="group" aria-label={name}>
      {actions.map((action) => (
        <PermittedButton
          key={action.label}
          readOnly={readOnly}
          permission={action.permission}
          loading={action.pending}
          {...(action.color ? { color: action.color } : {})}
          {...(action.variant ? { variant: action.variant } : {})}
          onClick={() => setConfirm(action.confirm)}
        >
          {action.label}
        </PermittedButton>
      ))}
      <ConfirmModal request={confirm} onClose={() => setConfirm(null)} />
    </Group>
  );
}
