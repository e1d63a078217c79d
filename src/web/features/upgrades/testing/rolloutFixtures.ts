// Rollouts as the server sends them (GET /api/upgrades/:id/rollout), checked against the contract.
import {
  rolloutSchema,
  rolloutWaveSchema,
  type Rollout,
  type RolloutWave,
} from '../../../../domain';

export function makeWave(overrides: Partial<RolloutWave> = {}): RolloutWave {
  return rolloutWaveSchema.parse({
    wave: 1,
    label: 'Group Canaries',
    start_mode: 'gate',
    state: 'Waiting',
    org_count: 10,
    created_job_count: 10,
    pending_job_count: 0,
    inprogress_job_count: 0,
    succeeded_job_count: 0,
    failed_job_count: 0,
    canceled_job_count: 0,
    invalid_job_count: 0,
    ineligible_job_count: 0,
    pushed_org_count: 0,
    failed_org_count: 0,
    started_at: null,
    started_by: null,
    ended_at: null,
    passed_at: null,
    halted_at: null,
    halt_reason: null,
    resumed_at: null,
    resumed_by: null,
    resume_comment: null,
    skipped_at: null,
    skipped_by: null,
    skip_comment: null,
    ...overrides,
  });
}

export function makeRollout(overrides: Partial<Rollout> = {}): Rollout {
  return rolloutSchema.parse({
    upgrade_id: 7,
    state: 'Not started',
    failure_threshold_percent: 2,
    soak_minutes: 30,
    gate: null,
    waves: [makeWave()],
    ...overrides,
  });
}
