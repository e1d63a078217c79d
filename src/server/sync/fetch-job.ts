// Fetch latest data (incremental) and Fetch all data (full): every source, in the order the derived
// data needs it (docs/architecture.md "Fetching from Salesforce").
import type { JobDefinition, JobFailure, JobStep } from '../jobs/types';
import { emitWebhookEvent } from '../jobs/webhook-emit';
import type { SqlClient } from '../db/database';
import type { SyncDeps } from './deps';
import { countAdoptionStep } from './count-adoption';
import { fetchAccountsStep } from './fetch-accounts';
import { fetchInstancesStep } from './fetch-instances';
import {
  computeLatestVersionsStep,
  fetchPackagesStep,
  fetchPackageVersionsStep,
} from './fetch-packages';
import { endingBulkLoadsOnFailure, newFetchRun, type FetchRun, type StepParams } from './fetch-run';
import { fetchLicensesStep } from './fetch-licenses';
import { fetchSubscribersStep } from './fetch-subscribers';
import {
  updateOrgsFromAccountsStep,
  updateOrgsFromLicensesStep,
  updateSandboxesStep,
} from './update-orgs';

/**
 * The steps of one run; they share `run` (whether it is full, the day it judges expiry by, the
 * bulk loads it has open). A step that fails ends the run's open bulk loads before the job fails:
 * their indexes and foreign keys are rebuilt, whichever step began them.
 */
export function fetchSteps(
  deps: SyncDeps,
  full: boolean,
  run: FetchRun = newFetchRun(deps, full),
): JobStep<StepParams>[] {
  const steps = [
    fetchLicensesStep(deps, run),
    fetchPackagesStep(deps, run),
    fetchPackageVersionsStep(deps, run),
    computeLatestVersionsStep(deps),
    fetchSubscribersStep(deps, run),
    fetchAccountsStep(deps, run),
    updateOrgsFromLicensesStep(deps, run),
    updateOrgsFromAccountsStep(deps, run),
    updateSandboxesStep(deps, run),
    fetchInstancesStep(deps),
    countAdoptionStep(deps, run),
  ];
  return steps.map((step) => ({
    ...step,
    run: (context, params) =>
      endingBulkLoadsOnFailure(deps.db, run, () => step.run(context, params)),
  }));
}

/** 'fetch.failed' for webhooks, committed with the job's Failed verdict. */
export function emitFetchFailed(full: boolean) {
  return async (tx: SqlClient, failure: JobFailure): Promise<void> => {
    await emitWebhookEvent(tx, 'fetch.failed', {
      job_id: failure.jobId,
      full,
      error: failure.message,
      started_by: failure.startedBy,
    });
  };
}

export function fetchJob(deps: SyncDeps): JobDefinition<StepParams> {
  return {
    type: 'fetch',
    name: () => 'Fetch latest data',
    steps: () => fetchSteps(deps, false),
    onFailed: emitFetchFailed(false),
  };
}

export function fetchAllJob(deps: SyncDeps): JobDefinition<StepParams> {
  return {
    type: 'fetch-all',
    name: () => 'Fetch all data',
    steps: () => fetchSteps(deps, true),
    onFailed: emitFetchFailed(true),
  };
}
