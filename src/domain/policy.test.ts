import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_POLICY_MESSAGE,
  ADMIN_KEY_ACTIVATION_MESSAGE,
  CHANGE_ACTIONS,
  READ_ONLY_MESSAGE,
  UNKNOWN_ACTIVATOR_MESSAGE,
  UNKNOWN_CREATOR_MESSAGE,
  VIEW_ACTIONS,
  activationPermission,
  activatorPermission,
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

describe('admin access key sessions', () => {
  const adminKey: Actor = {
    username: 'admin-key',
    read_only: false,
    enforce_activation_policy: true,
    auth_method: 'admin-key',
  };

  it('says why the shared admin key may not activate', () => {
    expect(ADMIN_KEY_ACTIVATION_MESSAGE).toBe(
      'A session opened with the admin access key cannot activate upgrades or requests: activation needs a named person, so sign in with your Salesforce user to activate.',
    );
  });

  it('refuses activation to an admin-key session, whoever created it and policy or not', () => {
    const refused = { allowed: false, reason: ADMIN_KEY_ACTIVATION_MESSAGE };
    expect(activatorPermission(adminKey)).toEqual(refused);
    expect(activationPermission(adminKey, 'colleague@acme.com')).toEqual(refused);
    expect(activationPermission(adminKey, 'admin-key')).toEqual(refused);
    expect(
      activationPermission({ ...adminKey, enforce_activation_policy: false }, 'colleague@acme.com'),
    ).toEqual(refused);
  });

  it('keeps the other changes open to it, and activation open to named people', () => {
    expect(permission(adminKey, 'scheduleUpgrade').allowed).toBe(true);
    expect(permission(adminKey, 'cancel').allowed).toBe(true);
    expect(activatorPermission({ ...operator, auth_method: 'salesforce' }).allowed).toBe(true);
    expect(
      activationPermission({ ...operator, auth_method: 'salesforce' }, 'colleague@acme.com'),
    ).toEqual({ allowed: true, reason: null });
  });

  it('answers read-only first for a read-only admin-key session', () => {
    expect(activatorPermission({ ...adminKey, read_only: true }).reason).toBe(READ_ONLY_MESSAGE);
  });
});
