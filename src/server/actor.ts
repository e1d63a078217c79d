// Who is acting: the signed-in user as every layer sees them. HTTP builds it from the session
// cookie, the live channel from the socket's handshake; services and jobs receive it.
import type { SessionRow } from './db/repositories/sessions';

/** The cookie that carries the opaque session id (HTTP and the live channel's handshake). */
export const SESSION_COOKIE = 'pb_session';

export interface Actor {
  username: string;
  displayName: string | null;
  readOnly: boolean;
  authMethod: SessionRow['auth_method'];
}

export function actorOf(session: SessionRow): Actor {
  return {
    username: session.username,
    displayName: session.display_name,
    readOnly: session.read_only,
    authMethod: session.auth_method,
  };
}
