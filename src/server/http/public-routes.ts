// The one list of routes that answer without a signed-in session, each with its reason. Every
// other route needs a session: the decision is made on the route the router matched, however the
// path was spelled (auth.ts), so a route added later is private unless it is named here.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { authEndpoints, operationEndpoints } from '../../domain';
import type { PublicRouteCheck } from './auth';
import { routeKey } from './route';
import { isPrecompressedCopy } from './caching';

/** `METHOD /route/pattern` → why anyone may call it. */
export const PUBLIC_ROUTES: Readonly<Record<string, string>> = {
  [routeKey(operationEndpoints.openApi)]:
    'the OpenAPI description of the contract; it holds no data',
  [routeKey(operationEndpoints.health)]:
    "the load balancer's health probe; it answers only whether the process is up",
  [routeKey(operationEndpoints.metrics)]:
    'Prometheus scrapers carry no session: the route checks the METRICS_TOKEN bearer token itself, and answers 404 while none is configured',
  [routeKey(authEndpoints.loginUrl)]: 'sign-in starts here',
  [routeKey(authEndpoints.callback)]:
    'Salesforce sends the browser back here to finish sign-in or Add Org; the signed state is checked first',
  [routeKey(authEndpoints.adminAccess)]:
    'sign-in with the admin access key, sent in the body with the CSRF header (wrong keys limited per address and overall)',
  [routeKey(authEndpoints.settings)]: 'the sign-in page asks whether an admin access key exists',
  [routeKey(authEndpoints.logout)]:
    'signing out needs no session (a stale cookie is cleared); a POST with the CSRF header',
};

/**
 * Besides the list: the built web app's files (the static plugin registers a route per file),
 * because the sign-in page is made of them; and requests no route matched, which get the web
 * app's page or a 404 and never any data.
 */
export function publicRouteCheck(webFiles: ReadonlySet<string>): PublicRouteCheck {
  return (method, url) => {
    if (url === undefined) return true;
    const read = method === 'GET' || method === 'HEAD';
    return (
      PUBLIC_ROUTES[`${read ? 'GET' : method} ${url}`] !== undefined || (read && webFiles.has(url))
    );
  };
}

/**
 * The web app's files, and requests no route matched (its page for a client route, or a 404):
 * answered alike whoever asks, so the session is not read for them.
 */
export function webFileCheck(webFiles: ReadonlySet<string>): PublicRouteCheck {
  return (method, url) =>
    url === undefined || ((method === 'GET' || method === 'HEAD') && webFiles.has(url));
}

/** The URL path of every file under the built web app's folder (not its compressed copies). */
export function webFilePaths(webDir: string | undefined): Set<string> {
  if (webDir === undefined || !existsSync(webDir)) return new Set();
  const files = readdirSync(webDir, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && !isPrecompressedCopy(entry.name),
  );
  return new Set(
    files.map(
      (entry) => `/${relative(webDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`,
    ),
  );
}
