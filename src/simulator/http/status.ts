// A Trust-API-like instance list (the shape of api.status.salesforce.com/v1/instances) covering every
// instance the generated orgs live on; the product reads instance locations and releases from it.
import { INSTANCES, type InstanceInfo } from '../data/instances';
import type { MaintenanceWindow } from '../data/maintenances';
import type { RequestContext } from './context';
import { sendJson } from './respond';
import type { Params, Router } from './router';

function trustInstance(i: InstanceInfo): Record<string, unknown> {
  return {
    key: i.key,
    location: i.location,
    environment: i.environment,
    releaseVersion: i.releaseVersion,
    releaseNumber: i.releaseNumber,
    status: 'OK',
    isActive: true,
    Products: [
      { key: 'Salesforce_Services', order: 1 },
      { key: 'Platform', order: 2 },
    ],
  };
}

function list(ctx: RequestContext): void {
  sendJson(ctx.res, 200, INSTANCES.map(trustInstance), { 'Access-Control-Allow-Origin': '*' });
}

/** A maintenance in the Trust API's shape. */
function trustMaintenance(m: MaintenanceWindow): Record<string, unknown> {
  return {
    id: m.id,
    name: m.name,
    plannedStartTime: new Date(m.plannedStart).toISOString(),
    plannedEndTime: new Date(m.plannedEnd).toISOString(),
    message: {
      maintenanceType: m.maintenanceType,
      availability: m.availability,
      eventStatus: 'confirmed',
    },
    isCore: true,
    affectsAll: false,
    instanceKeys: m.instanceKeys,
  };
}

/** GET /v1/maintenances[?startTime=<ISO>]: windows ending after startTime (default: now). */
function maintenances(ctx: RequestContext): void {
  const since = Date.parse(ctx.url.searchParams.get('startTime') ?? '');
  const list = ctx.rt.maintenances.list(Number.isNaN(since) ? ctx.rt.clock.now() : since);
  sendJson(ctx.res, 200, list.map(trustMaintenance), { 'Access-Control-Allow-Origin': '*' });
}

function one(ctx: RequestContext, params: Params): void {
  const found = INSTANCES.find((i) => i.key.toLowerCase() === (params.key ?? '').toLowerCase());
  if (!found) {
    sendJson(ctx.res, 404, { message: `Instance ${params.key ?? ''} not found` });
    return;
  }
  const windows = ctx.rt.maintenances
    .list(ctx.rt.clock.now())
    .filter((m) => m.instanceKeys.includes(found.key));
  sendJson(ctx.res, 200, {
    ...trustInstance(found),
    Incidents: [],
    Maintenances: windows.map(trustMaintenance),
  });
}

export function addStatusRoutes(router: Router<RequestContext>): void {
  router
    .add('GET', '/status/v1/instances', list)
    .add('GET', '/status/v1/instances/:key/status', one)
    .add('GET', '/status/v1/maintenances', maintenances);
}
