// The sync job definitions, built from their dependencies by the composition root.
import type { JobDefinition } from '../jobs/types';
import type { SyncDeps } from './deps';
import { fetchAllJob, fetchJob } from './fetch-job';
import { importOrgsJob } from './import-orgs';
import { monitorOrgsJob } from './monitor-orgs';
import { refreshGroupVersionsJob, refreshOrgVersionsJob } from './refresh-versions';
import { uploadOrgsJob } from './upload-orgs';

export function createSyncJobDefinitions(deps: SyncDeps): JobDefinition[] {
  return [
    fetchJob(deps),
    fetchAllJob(deps),
    refreshOrgVersionsJob(deps),
    refreshGroupVersionsJob(deps),
    monitorOrgsJob(deps),
    uploadOrgsJob(deps),
    importOrgsJob(deps),
  ];
}
