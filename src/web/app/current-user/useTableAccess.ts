import { useCurrentUser, useIsReadOnly } from './useCurrentUser';

/**
 * What every DataTable needs to know about the signed-in user: whether they may change anything
 * (docs/product.md "Roles and permissions": read-only until the user has loaded) and the username
 * the filter macro #ME stands for.
 */
export function useTableAccess(): { readOnly: boolean; username: string | null } {
  const readOnly = useIsReadOnly();
  const { user } = useCurrentUser();
  return { readOnly, username: user?.username ?? null };
}
