// Every endpoint of the HTTP API, described once and grouped by resource: the server registers
// its routes from these (src/server/http/route.ts) and the web app calls them through the typed
// client. A server-paged list (e.g. orgEndpoints.list, upgradeEndpoints.jobs) is a listEndpoint:
// its page and, beside it as `.export`, its export, both built from the list's definition and
// registered by src/server/http/lists/register-list.ts.
export * from './admin';
export * from './audit';
export * from './auth';
export * from './connected-orgs';
export * from './licenses';
export * from './operations';
export * from './org-groups';
export * from './orgs';
export * from './packages';
export * from './saved-filters';
export * from './search';
export * from './upgrade-jobs';
export * from './upgrade-requests';
export * from './upgrades';
export * from './fleet';
export * from './tokens';
export * from './rollouts';
export * from './webhooks';
