/** What every tab of the org detail gets from the screen. */
export interface OrgTabProps {
  /** The org id of the route (what the tab's API calls are scoped by). */
  readonly orgId: string;
  readonly readOnly: boolean;
  /** The signed-in username, for #ME in filters. */
  readonly username: string | null | undefined;
}
