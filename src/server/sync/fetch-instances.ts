// Step: where each Salesforce instance is and which release it runs, from the Trust API
// (GET <SF_STATUS_URL>/v1/instances; the simulator serves the same shape in demo mode).
import { z } from 'zod';
import { countNoun } from '../../domain/format';
import { upsertInstances, type InstanceRow } from '../db/repositories/instances';
import type { JobStep } from '../jobs/types';
import { withRetry } from '../salesforce/retry';
import type { SyncDeps } from './deps';
import type { StepParams } from './fetch-run';
import { messageOf } from './sources';

const trustInstance = z.object({
  key: z.string().min(1),
  location: z.string().nullish(),
  environment: z.string().nullish(),
  releaseNumber: z.string().nullish(),
  status: z.string().nullish(),
});

/** An HTTP failure in the shape retry.ts classifies (5xx transient, the rest permanent). */
class HttpStatusError extends Error {
  readonly errorCode: string;
  constructor(url: string, status: number) {
    super(`GET ${url} answered HTTP ${status}`);
    this.errorCode = `ERROR_HTTP_${status}`;
  }
}

const capitalized = (value: string | null | undefined) =>
  value ? value.charAt(0).toUpperCase() + value.slice(1) : null;

export async function readInstances(url: string, signal: AbortSignal): Promise<InstanceRow[]> {
  const list = await withRetry(
    async () => {
      const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
      if (!response.ok) throw new HttpStatusError(url, response.status);
      return z.array(trustInstance).parse(await response.json());
    },
    { signal },
  );
  return list.map((i) => ({
    key: i.key,
    location: i.location ?? null,
    environment: capitalized(i.environment),
    release: i.releaseNumber ?? null,
    status: i.status ?? null,
  }));
}

export function fetchInstancesStep(deps: SyncDeps): JobStep<StepParams> {
  return {
    name: 'Fetching instances',
    async run(context) {
      const url = `${deps.instancesUrl.replace(/\/+$/, '')}/v1/instances`;
      let rows: InstanceRow[];
      try {
        rows = await readInstances(url, context.signal);
      } catch (error) {
        // The instance list only decorates orgs: report it and keep the data fetched so far.
        if (context.signal.aborted) throw error;
        context.error(new Error(`Fetching instances from ${url} failed: ${messageOf(error)}`));
        return;
      }
      const changed = await upsertInstances(deps.db, rows);
      context.result(
        `Fetched ${countNoun(rows.length, 'instance')}; ${countNoun(changed, 'instance')} new or changed`,
      );
      if (changed > 0) deps.live.publish('orgs', {});
    },
  };
}
