// The signed-in user is cached in sessionStorage (GET /oauth2/user in docs/api.md
// "Sign-in and session") so a reload shows the top menu at once; the server is still asked again,
// and its answer replaces the cached copy.

export interface CurrentUser {
  display_name: string;
  username: string;
  read_only: boolean;
  enforce_activation_policy: boolean;
  enable_sumo: boolean;
  /**
   * How the session signed in; 'admin-key' (the shared admin access key) may not activate. The
   * server always sends it; a copy cached before it did may lack it (the server still refuses).
   */
  auth_method?: 'salesforce' | 'admin-key';
}

const AUTH_METHODS: readonly unknown[] = ['salesforce', 'admin-key'];

const STORAGE_KEY = 'user';

export function isCurrentUser(value: unknown): value is CurrentUser {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.display_name === 'string' &&
    typeof record.username === 'string' &&
    typeof record.read_only === 'boolean' &&
    typeof record.enforce_activation_policy === 'boolean' &&
    typeof record.enable_sumo === 'boolean' &&
    (record.auth_method === undefined || AUTH_METHODS.includes(record.auth_method))
  );
}

export function readCachedUser(): CurrentUser | undefined {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = stored ? JSON.parse(stored) : undefined;
    return isCurrentUser(parsed) ? parsed : undefined;
  } catch {
    // A corrupt entry or blocked storage must not break the page; the server will answer.
    return undefined;
  }
}

export function writeCachedUser(user: CurrentUser): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Storage full or blocked: the cache is an optimisation only.
  }
}

export function clearCachedUser(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing cached that could be read back either.
  }
}
