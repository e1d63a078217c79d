// The public API of the domain: the console's rules as pure functions, shared by server and web.
export * from './actions';
export * from './auth-response';
export * from './eligibility';
export * from './filter/index';
export * from './format';
export * from './ids';
export * from './left-out';
export * from './live-events';
export * from './policy';
export * from './progress';
export * from './return-path';
export * from './schedule';
export * from './statuses';
export * from './tiers';
export * from './time';
export * from './versions';
export * from './api/index';
