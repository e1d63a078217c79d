// The live channel's job messages (docs/api.md "The live channel"). The channel has already checked
// the session, the read-only rule (read-only users may only refresh versions) and the argument;
// this starts the job, whose 'job.start' audit row the engine writes with the job's row (weakness
// 32 in docs/architecture.md "Weaknesses of the console Pushboard replaces": no record of who
// started what).
import type { Actor } from '../actor';
import { InvalidError } from '../errors';
import type { LiveCommands } from '../live/live-channel';
import type { JobEngine } from './engine';
import type { JobType } from './types';

export function jobLiveCommands(engine: Pick<JobEngine, 'start'>): LiveCommands {
  const start = async (actor: Actor, type: JobType, params: Record<string, unknown> = {}) => {
    await engine.start(type, params, actor.username);
  };
  return {
    fetch: (actor) => start(actor, 'fetch'),
    'fetch-all': (actor) => start(actor, 'fetch-all'),
    'fetch-upgrades': (actor) => start(actor, 'fetch-upgrades'),
    'upload-orgs': (actor) => start(actor, 'upload-orgs'),
    'refresh-org-versions': async (actor, orgId) => {
      if (typeof orgId !== 'string')
        throw new InvalidError('refresh-org-versions needs an org id.');
      return start(actor, 'refresh-org-versions', { orgId });
    },
    'refresh-group-versions': async (actor, groupId) => {
      if (typeof groupId !== 'number') {
        throw new InvalidError('refresh-group-versions needs a group id.');
      }
      return start(actor, 'refresh-group-versions', { groupId });
    },
  };
}
