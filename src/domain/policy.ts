// Who may do what (docs/product.md "Roles and permissions" and "Activation policy"). The server
// calls these to enforce (403 with the reason), the web app calls the same functions to disable
// buttons and show the reason.

/** The 403 text for a read-only user, also the tooltip of disabled change actions. */
export const READ_ONLY_MESSAGE = 'You are only allowed to view information, not modify it.';

/** The reason a creator may not activate their own upgrade or request. */
export const ACTIVATION_POLICY_MESSAGE =
  'The activation policy requires someone other than its creator to activate this upgrade.';

/** The reason nobody may activate when the creator is unknown. */
export const UNKNOWN_CREATOR_MESSAGE =
  'The activation policy cannot be satisfied: this upgrade has no known creator, so nobody can show they did not create it.';

/** The reason an unidentified user (e.g. an admin-key session without a username) may not activate. */
export const UNKNOWN_ACTIVATOR_MESSAGE =
  'The activation policy requires a signed-in user with a username to activate upgrades.';

/**
 * The reason an admin access key session may not activate. The key is shared, so its session is
 * nobody in particular: it could activate what it scheduled itself and no audit row would name
 * who pushed to customers.
 */
export const ADMIN_KEY_ACTIVATION_MESSAGE =
  'A session opened with the admin access key cannot activate upgrades or requests: activation needs a named person, so sign in with your Salesforce user to activate.';

/** Actions a read-only user keeps: looking, analyzing, exporting, refreshing versions, toggling selection. */
export const VIEW_ACTIONS = [
  'view',
  'search',
  'analyze',
  'export',
  'refreshVersions',
  'toggleSelection',
] as const;

/** Actions that change something; read-only users may do none of them. */
export const CHANGE_ACTIONS = [
  'scheduleUpgrade',
  'activate',
  'cancel',
  'retry',
  'refreshStatus',
  'purge',
  'importOrgs',
  'addToGroup',
  'createGroup',
  'editGroup',
  'deleteGroup',
  'copyMembers',
  'moveMembers',
  'removeMembers',
  'saveFilter',
  'deleteFilter',
  'connectOrg',
  'editConnectedOrg',
  'activateConnectedOrg',
  'refreshConnectedOrg',
  'revokeConnectedOrg',
  'deleteConnectedOrg',
  'exportConnectedOrg',
  'selectConnectedOrgs',
  'selectGroups',
  'startJob',
  'cancelJob',
] as const;

/** Something a user may try to do in the console. */
export type Action = (typeof VIEW_ACTIONS)[number] | (typeof CHANGE_ACTIONS)[number];

/** The parts of the signed-in user the rules read. Until the user has loaded, pass null. */
export interface Actor {
  readonly username?: string | null;
  readonly read_only: boolean;
  readonly enforce_activation_policy?: boolean;
  /** How the session signed in; 'admin-key' is the shared admin access key, not a person. */
  readonly auth_method?: 'salesforce' | 'admin-key';
}

/** The answer to "may I?": allowed, or not with the reason to show. */
export type Permission =
  | { readonly allowed: true; readonly reason: null }
  | { readonly allowed: false; readonly reason: string };

const ALLOWED: Permission = { allowed: true, reason: null };

function denied(reason: string): Permission {
  return { allowed: false, reason };
}

/** Whether the action only reads (read-only users may do it). */
export function isViewAction(action: Action): boolean {
  return (VIEW_ACTIONS as readonly string[]).includes(action);
}

/** Whether a user may take an action; an unknown (not yet loaded) user counts as read-only. */
export function permission(actor: Actor | null | undefined, action: Action): Permission {
  if (isViewAction(action)) return ALLOWED;
  if (!actor || actor.read_only) return denied(READ_ONLY_MESSAGE);
  return ALLOWED;
}

/** The facts the activation policy reads. */
export interface ActivationPolicyInput {
  /** Whether the policy is enforced (the user's enforce_activation_policy flag). */
  readonly enforce: boolean;
  /** Who created the upgrade or request; null or undefined when unknown. */
  readonly createdBy: string | null | undefined;
  /** Who wants to activate; null or undefined when the session has no username. */
  readonly username: string | null | undefined;
}

function sameUser(a: string, b: string): boolean {
  // Salesforce usernames are case-insensitive.
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The activation policy: when enforced, a creator may not activate their own upgrade or
 * request, and an unknown creator or an unidentified activator also blocks, because nobody
 * can show the activator is not the creator.
 */
export function canActivate({ enforce, createdBy, username }: ActivationPolicyInput): Permission {
  if (!enforce) return ALLOWED;
  if (!createdBy || createdBy.trim() === '') return denied(UNKNOWN_CREATOR_MESSAGE);
  if (!username || username.trim() === '') return denied(UNKNOWN_ACTIVATOR_MESSAGE);
  return sameUser(createdBy, username) ? denied(ACTIVATION_POLICY_MESSAGE) : ALLOWED;
}

/**
 * Whether this user may activate anything at all: not read-only, and a named person. An admin
 * access key session is refused whether or not the policy is enforced: an activation pushes to
 * customers and must name who did it.
 */
export function activatorPermission(actor: Actor | null | undefined): Permission {
  const base = permission(actor, 'activate');
  if (!base.allowed || !actor) return base;
  return actor.auth_method === 'admin-key' ? denied(ADMIN_KEY_ACTIVATION_MESSAGE) : ALLOWED;
}

/** Read-only rules and the activation policy together, for activating something createdBy made. */
export function activationPermission(
  actor: Actor | null | undefined,
  createdBy: string | null | undefined,
): Permission {
  const base = activatorPermission(actor);
  if (!base.allowed || !actor) return base;
  return canActivate({
    enforce: actor.enforce_activation_policy ?? true,
    createdBy,
    username: actor.username,
  });
}
