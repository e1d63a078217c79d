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
import { endOpenBulkLoads, newFetchRun, type FetchRun, type StepParams } from './fetch-run';
import { fetchLicensesStep } from './fetch-licenses';
import { fetchSubscribersStep } from './fetch-subscribers';
import {
  updateOrgsFromAccountsStep,
  updateOrgsFromLicensesStep,
  updateSandboxesStep,
} from './update-orgs';

/**
 * The steps of one run; they share `run` (whether it is full, the day it judges expiry by, the
 * bulk loads it has open). A run that fails, or is canceled or stopped, in a step or between two,
 * ends its open bulk loads before the job's verdict: their indexes and foreign keys are rebuilt,
 * whichever step began them.
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
  const [first, ...rest] = steps;
  // The run's bulk loads begin in its first step; whichever step it stops in, they end.
  return [{ ...first!, cleanup: (context) => endOpenBulkLoads(deps.db, run, context) }, ...rest];
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
