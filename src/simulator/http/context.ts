// What a request handler gets: the runtime, the raw request and reply, the parsed URL, and — on an
// instance URL — the org; authenticated REST handlers also get the access token and API version.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccessToken } from '../auth/tokens';
import type { SimRuntime } from '../runtime';
import type { SimOrg } from '../store/family';

export interface RequestContext {
  readonly rt: SimRuntime;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly url: URL;
  /** Set when the request came to an org's instance URL (/org/<orgId>/…); unset on the login host. */
  readonly org?: SimOrg;
}

export interface ApiContext extends RequestContext {
  readonly org: SimOrg;
  readonly token: AccessToken;
  /** e.g. '62.0' */
  readonly apiVersion: string;
}
