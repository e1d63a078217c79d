// Every JSON endpoint of the HTTP API, described once and grouped by resource: the server
// registers its routes from these (src/server/http/route.ts) and the web app calls them through
// the typed client. The server-paged lists (GET <list path> and <list path>/export, e.g.
// /api/orgs, /api/upgrades/:id/jobs, /api/audit) are not here: they are declared as data by their
// list definitions (ListDefinition) and registered by src/server/http/lists/register-list.ts.
export * from './admin';
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
