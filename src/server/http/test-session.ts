// Test helper: a real session row and the headers a browser of that user would send.
import { createSession } from '../db/repositories/sessions';
import type { SqlClient } from '../db/database';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE } from './auth';

export async function sessionHeaders(
  db: SqlClient,
  user: { username?: string; readOnly?: boolean; authMethod?: 'salesforce' | 'admin-key' } = {},
): Promise<Record<string, string>> {
  const id = await createSession(
    db,
    {
      username: user.username ?? 'operator@pushboard.demo',
      displayName: 'Test Operator',
      readOnly: user.readOnly ?? false,
      authMethod: user.authMethod ?? 'salesforce',
    },
    2,
  );
  return { cookie: `${SESSION_COOKIE}=${id}`, [CSRF_HEADER]: CSRF_HEADER_VALUE };
}
