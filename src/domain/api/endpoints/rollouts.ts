// The staged-rollout calls (docs/api.md "Rollouts"): an upgrade's rollout with its waves, and a
// person's decisions on it: resume a halted rollout, skip a wave that has not started, start a
// wave that waits for a person. Aborting is the upgrade's Cancel (upgradeEndpoints.cancel).
import { idParams } from '../common';
import { endpoint } from '../endpoint';
import { noBodySchema, upgradeActionResultSchema } from '../upgrade-actions';
import { resumeRolloutSchema, rolloutSchema, skipWaveSchema, waveParams } from '../rollouts';

export const rolloutEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/upgrades/:id/rollout',
    tag: 'upgrades',
    description:
      "The upgrade's staged rollout: each wave's state, job counts and gate; null when the upgrade was scheduled without a rollout plan.",
    params: idParams,
    response: rolloutSchema.nullable(),
  }),

  resume: endpoint({
    method: 'POST',
    path: '/api/upgrades/:id/rollout/resume',
    tag: 'upgrades',
    description:
      'Resumes a halted rollout (a comment is required): the halted wave no longer holds it, and the next wave starts once that wave has ended.',
    params: idParams,
    body: resumeRolloutSchema,
    response: upgradeActionResultSchema,
  }),

  skipWave: endpoint({
    method: 'POST',
    path: '/api/upgrades/:id/rollout/waves/:wave/skip',
    tag: 'upgrades',
    description:
      'Skips a wave that has not started (a comment is required): its push requests are canceled at Salesforce and the rollout goes on with the wave after it.',
    params: waveParams,
    body: skipWaveSchema,
    response: upgradeActionResultSchema,
  }),

  startWave: endpoint({
    method: 'POST',
    path: '/api/upgrades/:id/rollout/waves/:wave/start',
    tag: 'upgrades',
    description:
      'Starts a wave the plan left to a person, once the gate after the previous wave has passed. The activation policy applies: not by the upgrade’s creator.',
    params: waveParams,
    body: noBodySchema,
    response: upgradeActionResultSchema,
  }),
};
