// The registry of job definitions the engine runs (one file per job type, appended here).
// A job whose type has no definition here fails with a clear error instead of waiting forever.
// Definitions that need the running server's dependencies (the sync jobs of src/server/sync:
// fetch, fetch-all, refresh-org-versions, refresh-group-versions, monitor-orgs, upload-orgs)
// are built by the composition root with createSyncJobDefinitions and added to these.
import type { JobDefinition } from './types';

export const jobDefinitions: readonly JobDefinition[] = [];
