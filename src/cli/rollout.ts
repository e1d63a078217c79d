// The command line's staged rollouts (docs/api.md "Command line"): `--plan` read as a preset or a
// JSON file and checked with the same schema the server uses, and the rollout and the preview's
// waves printed as text. Pure, so the argument handling is unit-tested without a console.
import {
  canaryPlan,
  formatPercent,
  rolloutPlanSchema,
  sandboxesFirstPlan,
  type PreviewWave,
  type Rollout,
  type RolloutPlan,
} from '../domain';
import { table, UsageError } from './lists';

export const PLAN_PRESETS = 'sandboxes-first, canary:<groupId>';

/**
 * The plan `--plan` names: 'sandboxes-first', 'canary:<groupId>', or a JSON file holding a plan
 * (`{"waves":[{"selector":{"kind":"group","groupId":3}},…],"failureThresholdPercent":2}`).
 * A plan the schema refuses is a usage error naming the field ("waves.1.selector.percent: …").
 */
export function parsePlanArg(value: string, readFile: (path: string) => string): RolloutPlan {
  let input: unknown;
  if (value === 'sandboxes-first') input = sandboxesFirstPlan();
  else if (value.startsWith('canary:')) {
    const id = Number(value.slice('canary:'.length));
    if (!Number.isInteger(id) || id < 1) {
      throw new UsageError(`--plan canary:<groupId>: '${value.slice(7)}' is not a group id`);
    }
    input = canaryPlan(id);
  } else {
    let text: string;
    try {
      text = readFile(value);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new UsageError(
        `--plan: neither a preset (${PLAN_PRESETS}) nor a readable file: ${reason}`,
      );
    }
    try {
      input = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`--plan ${value}: not JSON (${(error as Error).message})`);
    }
  }
  const parsed = rolloutPlanSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(plan)'}: ${issue.message}`,
    );
    throw new UsageError(`--plan ${value}: ${lines.join('; ')}`);
  }
  return parsed.data;
}

/** The preview's waves, one line each with the first orgs it names. */
export function previewWavesText(waves: readonly PreviewWave[]): string[] {
  return waves.flatMap((wave) => {
    const start = wave.start_mode === 'person' ? ', started by a person' : '';
    const held =
      wave.held_from_previous > 0
        ? `, ${wave.held_from_previous} held from wave ${wave.wave - 1} (maintenance)`
        : '';
    const names = wave.sample.map((org) => org.org_name ?? org.org_id);
    const more = wave.orgs > names.length ? `, and ${wave.orgs - names.length} more` : '';
    return [
      `Wave ${wave.wave} ${wave.label}: ${wave.orgs} orgs${held}${start}`,
      ...(names.length > 0 ? [`  ${names.join(', ')}${more}`] : []),
    ];
  });
}

/** The state a wave shows: Started reads as Running. */
export const waveStateText = (state: Rollout['waves'][number]['state']) =>
  state === 'Started' ? 'Running' : state;

/** `upgrades rollout <id>`: the waves as a table, then the gate and the plan's rules. */
export function rolloutText(rollout: Rollout | null, upgradeId: number): string {
  if (!rollout) return `Upgrade ${upgradeId} has no rollout plan: every org goes at once.`;
  const rows = rollout.waves.map((wave) => ({
    wave: wave.wave,
    label: wave.label,
    state: waveStateText(wave.state),
    start: wave.start_mode,
    orgs: wave.org_count,
    failed: `${wave.failed_org_count} of ${wave.pushed_org_count}${
      wave.pushed_org_count > 0
        ? ` (${formatPercent((wave.failed_org_count * 100) / wave.pushed_org_count)})`
        : ''
    }`,
    jobs: `${wave.succeeded_job_count} ok, ${wave.failed_job_count} failed, ${
      wave.created_job_count + wave.pending_job_count + wave.inprogress_job_count
    } open`,
  }));
  const gate = rollout.gate;
  return [
    `Upgrade ${upgradeId}: rollout ${rollout.state}; halts over ${formatPercent(
      rollout.failure_threshold_percent,
    )} failed orgs, soaks ${rollout.soak_minutes} min between waves`,
    table(rows, ['wave', 'label', 'state', 'start', 'orgs', 'failed', 'jobs']),
    ...(gate?.reason
      ? [`Gate after wave ${gate.wave}: ${gate.reason}${gate.until ? ` until ${gate.until}` : ''}`]
      : []),
    ...rollout.waves
      .filter((wave) => wave.halt_reason)
      .map((wave) => `Wave ${wave.wave} halted: ${wave.halt_reason}`),
  ].join('\n');
}
