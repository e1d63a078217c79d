// The registry of job definitions the engine runs (one file per job type, appended here).
// A job whose type has no definition here fails with a clear error instead of waiting forever.
import { createSyncJobDefinitions } from '../sync/definitions';
import type { SyncDeps } from '../sync/deps';
import type { JobDefinition } from './types';

export const jobDefinitions: readonly JobDefinition[] = [];

/**
 * Every definition: the ones above plus those that need the running server's dependencies (the
 * sync jobs: fetch, fetch-all, refresh-org-versions, refresh-group-versions, monitor-orgs,
 * upload-orgs), built once by the composition root.
 */
export function buildJobDefinitions(deps: { sync: SyncDeps }): readonly JobDefinition[] {
  return [...jobDefinitions, ...createSyncJobDefinitions(deps.sync)];
}
