// The API contract: zod schemas of every entity and request, and the list definitions, which the
// server validates and publishes with and the web app reads with.
export * from './admin';
export * from './audit';
export * from './auth';
export * from './common';
export * from './endpoint';
export * from './endpoints/index';
export * from './fleet';
export * from './health';
export * from './connected-orgs';
export * from './licenses';
export * from './list-columns';
export * from './list-endpoint';
export * from './list-query';
export * from './org-groups';
export * from './org-group-changes';
export * from './orgs';
export * from './packages';
export * from './saved-filters';
export * from './search';
export * from './tokens';
export * from './upgrades';
export * from './upgrade-actions';
export * from './rollouts';
export * from './tsv';
export * from './list-registry';
export * from './webhooks';
