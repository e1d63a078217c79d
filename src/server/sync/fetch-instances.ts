// Step: where each Salesforce instance is and which release it runs, from the Trust API
// (GET <SF_STATUS_URL>/v1/instances; the simulator serves the same shape in demo mode), and the
// instances' planned maintenance windows (GET <SF_STATUS_URL>/v1/maintenances), which scheduling
// reads to hold orgs (docs/product.md "Maintenance windows").
import { z } from 'zod';
import { countNoun } from '../../domain/format';
import {
  replaceMaintenances,
  upsertInstances,
  type InstanceRow,
  type MaintenanceRow,
} from '../db/repositories/instances';
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

/**
 * A maintenance as the Trust API lists it: the instances it touches are `instanceKeys`, or
 * `instanceMaintenances[].instanceKey` in the longer form.
 */
const trustMaintenance = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string().nullish(),
  plannedStartTime: z.iso.datetime({ offset: true }),
  plannedEndTime: z.iso.datetime({ offset: true }),
  message: z
    .object({ maintenanceType: z.string().nullish(), availability: z.string().nullish() })
    .nullish(),
  instanceKeys: z.array(z.string()).nullish(),
  instanceMaintenances: z.array(z.object({ instanceKey: z.string() })).nullish(),
});

/** How far back the maintenance list is read: a window that began yesterday may still run. */
const MAINTENANCE_LOOKBACK_MS = 24 * 60 * 60 * 1000;

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

/** GETs a Trust API list and checks its items, retrying what retry.ts calls transient. */
async function readTrustList<S extends z.ZodType>(
  url: string,
  item: S,
  signal: AbortSignal,
): Promise<z.output<S>[]> {
  return withRetry(
    async () => {
      const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
      if (!response.ok) throw new HttpStatusError(url, response.status);
      return z.array(item).parse(await response.json());
    },
    { signal },
  );
}

export async function readInstances(url: string, signal: AbortSignal): Promise<InstanceRow[]> {
  const list = await readTrustList(url, trustInstance, signal);
  return list.map((i) => ({
    key: i.key,
    location: i.location ?? null,
    environment: capitalized(i.environment),
    release: i.releaseNumber ?? null,
    status: i.status ?? null,
  }));
}

/** The maintenance windows that end after `since`, one row per instance each touches. */
export async function readMaintenances(
  statusUrl: string,
  since: Date,
  signal: AbortSignal,
): Promise<MaintenanceRow[]> {
  const url = `${statusUrl}/v1/maintenances?startTime=${encodeURIComponent(since.toISOString())}`;
  const list = await readTrustList(url, trustMaintenance, signal);
  return list.flatMap((m) => {
    const keys = new Set([
      ...(m.instanceKeys ?? []),
      ...(m.instanceMaintenances ?? []).map((i) => i.instanceKey),
    ]);
    const plannedEnd = new Date(m.plannedEndTime);
    if (plannedEnd <= since) return [];
    return [...keys].map((instanceKey) => ({
      maintenanceId: m.id,
      instanceKey,
      name: m.name ?? null,
      maintenanceType: m.message?.maintenanceType ?? null,
      availability: m.message?.availability ?? null,
      plannedStart: new Date(m.plannedStartTime),
      plannedEnd,
    }));
  });
}

export function fetchInstancesStep(deps: SyncDeps): JobStep<StepParams> {
  return {
    name: 'Fetching instances',
    async run(context) {
      const statusUrl = deps.instancesUrl.replace(/\/+$/, '');
      const url = `${statusUrl}/v1/instances`;
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
      let windows = '';
      try {
        const since = new Date(deps.now().getTime() - MAINTENANCE_LOOKBACK_MS);
        const list = await readMaintenances(statusUrl, since, context.signal);
        await replaceMaintenances(deps.db, list);
        windows = `; ${countNoun(list.length, 'maintenance window')}`;
      } catch (error) {
        // Kept as they were: scheduling then holds orgs by the windows read last time.
        if (context.signal.aborted) throw error;
        context.error(new Error(`Fetching maintenance windows failed: ${messageOf(error)}`));
      }
      context.result(
        `Fetched ${countNoun(rows.length, 'instance')}; ${countNoun(changed, 'instance')} new or changed${windows}`,
      );
      if (changed > 0) deps.live.publish('orgs', {});
    },
  };
}
