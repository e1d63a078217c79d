import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_POLICY_MESSAGE,
  CHANGE_ACTIONS,
  READ_ONLY_MESSAGE,
  UNKNOWN_ACTIVATOR_MESSAGE,
  UNKNOWN_CREATOR_MESSAGE,
  VIEW_ACTIONS,
  activationPermission,
  canActivate,
  permission,
  type Actor,
} from './policy';

const operator: Actor = {
  username: 'ops@acme.com',
  read_only: false,
  enforce_activation_policy: true,
};
const viewer: Actor = {
  username: 'view@acme.com',
  read_only: true,
  enforce_activation_policy: true,
};

describe('read-only rules', () => {
  it('has the exact 403 text', () => {
    expect(READ_ONLY_MESSAGE).toBe('You are only allowed to view information, not modify it.');
  });

  it.each(VIEW_ACTIONS)('lets a read-only user %s', (action) => {
    expect(permission(viewer, action)).toEqual({ allowed: true, reason: null });
  });

  it.each(CHANGE_ACTIONS)(
    'refuses %s to a read-only user and allows it to an operator',
    (action) => {
      expect(permission(viewer, action)).toEqual({ allowed: false, reason: READ_ONLY_MESSAGE });
      expect(permission(operator, action).allowed).toBe(true);
    },
  );

  it('treats a user that has not loaded yet as read-only', () => {
    expect(permission(null, 'scheduleUpgrade')).toEqual({
      allowed: false,
      reason: READ_ONLY_MESSAGE,
    });
    expect(permission(undefined, 'export').allowed).toBe(true);
  });
});

describe('activation policy', () => {
  it.each<[boolean, string | null, string | null, string | null]>([
    [false, 'ops@acme.com', 'ops@acme.com', null],
    [false, null, null, null],
    [true, 'other@acme.com', 'ops@acme.com', null],
    [true, 'ops@acme.com', 'ops@acme.com', ACTIVATION_POLICY_MESSAGE],
    [true, 'OPS@acme.com ', 'ops@ACME.com', ACTIVATION_POLICY_MESSAGE],
    [true, null, 'ops@acme.com', UNKNOWN_CREATOR_MESSAGE],
    [true, '  ', 'ops@acme.com', UNKNOWN_CREATOR_MESSAGE],
    [true, 'other@acme.com', null, UNKNOWN_ACTIVATOR_MESSAGE],
  ])('enforce %s, created by %j, activated by %j → %j', (enforce, createdBy, username, reason) => {
    expect(canActivate({ enforce, createdBy, username })).toEqual({
      allowed: reason === null,
      reason,
    });
  });

  it('combines read-only and the policy (enforced unless the user says otherwise)', () => {
    expect(activationPermission(viewer, 'someone@acme.com')).toEqual({
      allowed: false,
      reason: READ_ONLY_MESSAGE,
    });
    expect(activationPermission(operator, 'ops@acme.com')).toEqual({
      allowed: false,
      reason: ACTIVATION_POLICY_MESSAGE,
    });
    expect(
      activationPermission({ username: 'ops@acme.com', read_only: false }, 'ops@acme.com').allowed,
    ).toBe(false);
    expect(
      activationPermission({ ...operator, enforce_activation_policy: false }, 'ops@acme.com')
        .allowed,
    ).toBe(true);
    expect(activationPermission(operator, 'colleague@acme.com').allowed).toBe(true);
  });
});
