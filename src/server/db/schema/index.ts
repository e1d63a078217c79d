// The typed view of the SQL schema in ../migrations (kept honest by schema.test.ts).
export * from './connected-org';
export * from './orgs';
export * from './groups';
export * from './packages';
export * from './upgrades';
export * from './console';
