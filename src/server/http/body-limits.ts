// Request body limits: 1 MiB for every route, and a larger limit only for the routes that carry a
// pasted list of org ids (up to 50 000 ids, the domain's MAX_ORG_IDS). A body over its limit is
// refused with 413 before it is parsed, so no route reads more than it needs.
import type { RouteOptions } from 'fastify';
import { orgEndpoints, orgGroupEndpoints } from '../../domain';
import { routeKey } from './route';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * 50 000 org ids as a JSON array: 18 characters, two quotes and a comma each is ~1.05 MB; pasted
 * 15-character ids, spacing and the rest of the body stay far below 4 MiB.
 */
export const ORG_ID_LIST_BODY_LIMIT = 4 * 1024 * 1024;

/** The routes whose body may hold a list of up to 50 000 org ids, with why. */
export const ORG_ID_LIST_ROUTES: Record<string, string> = {
  [routeKey(orgEndpoints.import)]: 'Import Orgs: the pasted org ids',
  [routeKey(orgGroupEndpoints.save)]:
    'Save Group: a new group may be created with its pasted org ids',
  [routeKey(orgGroupEndpoints.addMembers)]: 'Add to Group: the selected or pasted org ids',
  [routeKey(orgGroupEndpoints.removeMembers)]: "Remove from Group: every member's org id",
};

/** Gives the listed routes their larger limit as they are registered (call before the routes). */
export function onRouteBodyLimit(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((method) => ORG_ID_LIST_ROUTES[`${method} ${route.url}`])) {
    route.bodyLimit ??= ORG_ID_LIST_BODY_LIMIT;
  }
}
