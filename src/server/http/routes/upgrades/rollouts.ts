// A staged rollout's read and a person's decisions on it (docs/api.md "Rollouts"): resume, skip a
// wave, start a wave left to a person. The read is open to every signed-in user; the changes
// refuse read-only users before the body is read (403, CSRF, audited).
import { rolloutEndpoints } from '../../../../domain';
import { resumeRollout, skipWave, startWave } from '../../../services/upgrades/rollout-actions';
import { readRollout } from '../../../services/upgrades/rollout-read';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireActor, requireChange } from '../../auth';
import { route } from '../../route';

export function rolloutRoutes(app: AppInstance): void {
  const deps = app.services.lifecycle;
  const guard = (action: string) => changeGuard(app, action, { type: 'upgrade', param: 'id' });

  route(app, rolloutEndpoints.get, {}, async (request) => {
    requireActor(request);
    return readRollout(deps.db, request.params.id);
  });

  route(
    app,
    rolloutEndpoints.resume,
    { preValidation: guard('upgrade.rollout.resume') },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.rollout.resume');
      return resumeRollout(deps, actor, request.params.id, request.body.comment);
    },
  );

  route(
    app,
    rolloutEndpoints.skipWave,
    { preValidation: guard('upgrade.rollout.skip') },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.rollout.skip');
      const { id, wave } = request.params;
      return skipWave(deps, actor, id, wave, request.body.comment);
    },
  );

  route(
    app,
    rolloutEndpoints.startWave,
    { preValidation: guard('upgrade.rollout.start') },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.rollout.start');
      const { id, wave } = request.params;
      return startWave(deps, actor, id, wave);
    },
  );
}
