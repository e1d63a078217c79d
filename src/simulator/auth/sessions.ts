// Browser sessions on the login host. After a person logs in on the authorize page the browser keeps
// a session cookie, and the next authorize request (without prompt=login) is approved at once, as
// Salesforce does for a pre-approved connected app.
import { randomBytes } from 'node:crypto';
import type { SimUser } from '../store/family';

export const SESSION_COOKIE = 'sim_sid';

export class LoginSessions {
  private readonly sessions = new Map<string, SimUser>();

  open(user: SimUser): string {
    const id = randomBytes(24).toString('hex');
    this.sessions.set(id, user);
    return id;
  }

  user(id: string | undefined): SimUser | undefined {
    return id ? this.sessions.get(id) : undefined;
  }

  close(id: string | undefined): void {
    if (id) this.sessions.delete(id);
  }
}
