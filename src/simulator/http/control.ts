// The control interface over HTTP, for tests in another process (browser end-to-end tests). JSON in,
// JSON out; failures answer 400 {"error": "<message>"}. Org selectors are an org id, a package
// namespace or 'lma'.
//
//   GET    /__sim/orgs                           → SimOrgInfo[]
//   GET    /__sim/clock                          → {now, pace}
//   POST   /__sim/clock/advance   {ms}           → {now}          (runs push steps that became due)
//   PUT    /__sim/pace            {pace}         → {pace}         (instant | fast | realistic | manual)
//   GET    /__sim/failure-rate                   → {rate}
//   PUT    /__sim/failure-rate    {rate}         → {rate}
//   GET    /__sim/failure-rules                  → {rules}
//   PUT    /__sim/failure-rules   {rules: [{versionId?, edition?, instance?, rate}]} → {rules}
//   GET    /__sim/faults                         → {all, orgs}
//   PUT    /__sim/faults/:org     FaultRates     → {all, orgs}    (:org may be 'all')
//   DELETE /__sim/faults/:org                    → {all, orgs}    (:org may be 'all': clears everything)
//   GET    /__sim/fault-counts                   → requests per fault action since start or reset
//   DELETE /__sim/fault-counts                   → resets them
//   POST   /__sim/tokens/expire   {org?, username?} → {expired}
//   GET    /__sim/counts[?org=]                  → {<orgId>: {<object>: count}}
//   GET    /__sim/usage/:org                     → {used, max}
//   DELETE /__sim/usage[/:org]                   → {}
//   GET    /__sim/pushes                         → {active}
//   GET    /__sim/records/:org/:object/:id       → record
//   POST   /__sim/records/:org/:object           {fields, modifiedAt?} → record
//   PATCH  /__sim/records/:org/:object/:id       {fields, modifiedAt?} → record
//   DELETE /__sim/records/:org/:object/:id       → {}
//   GET    /__sim/maintenances                   → MaintenanceWindow[] (ending after now)
//   POST   /__sim/maintenances    {instanceKeys, plannedStart, plannedEnd, name?, maintenanceType?,
//                                  availability?} → MaintenanceWindow (times: ISO text)
//   DELETE /__sim/maintenances                   → {}             (every window, generated too)
import { ControlError, type SimulatorControl } from '../control';
import type { MaintenanceWindow } from '../data/maintenances';
import type { FaultRates } from '../faults';
import type { FailureRule } from '../push/engine';
import type { SimPace } from '../push/clock';
import type { RequestContext } from './context';
import { isRecord, readJson } from './request';
import { sendJson } from './respond';
import type { Params, Router } from './router';

type ControlHandler = (
  body: Record<string, unknown>,
  params: Params,
  ctx: RequestContext,
) => unknown;

function num(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new ControlError(`${name} must be a number`);
  return value;
}

function fieldsOf(body: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(body.fields)) throw new ControlError('fields must be an object');
  return body.fields;
}

const RATE_KEYS = [
  'latencyMs',
  'latencyJitterMs',
  'serverErrorRate',
  'dropRate',
  'requestLimitRate',
  'tokenExpiryRate',
  'lostAnswerRate',
  'hangRate',
] as const;

function ratesOf(body: Record<string, unknown>): FaultRates {
  const rates: FaultRates = {};
  for (const [key, value] of Object.entries(body)) {
    const known = RATE_KEYS.find((k) => k === key);
    if (!known) throw new ControlError(`unknown fault setting ${key}`);
    rates[known] = num(value, key);
  }
  return rates;
}

function modifiedAt(body: Record<string, unknown>): { modifiedAt?: string } {
  return typeof body.modifiedAt === 'string' ? { modifiedAt: body.modifiedAt } : {};
}

export function addControlRoutes(
  router: Router<RequestContext>,
  control: SimulatorControl,
  orgs: () => unknown,
): void {
  const add = (method: string, path: string, handler: ControlHandler): void => {
    router.add(method, path, async (ctx, params) => {
      try {
        const raw = method === 'GET' || method === 'DELETE' ? undefined : await readJson(ctx.req);
        const body = isRecord(raw) ? raw : {};
        sendJson(ctx.res, 200, handler(body, params, ctx) ?? {});
      } catch (error) {
        if (!(error instanceof ControlError) && !(error instanceof RangeError)) throw error;
        sendJson(ctx.res, 400, { error: error.message });
      }
    });
  };
  const p = (params: Params, key: string): string => params[key] ?? '';

  add('GET', '/__sim/orgs', () => orgs());
  add('GET', '/__sim/clock', () => ({ now: control.now().toISOString(), pace: control.pace() }));
  add('POST', '/__sim/clock/advance', (b) => ({
    now: control.advance(num(b.ms, 'ms')).toISOString(),
  }));
  add('PUT', '/__sim/pace', (b) => {
    control.setPace(String(b.pace) as SimPace);
    return { pace: control.pace() };
  });
  add('GET', '/__sim/failure-rate', () => ({ rate: control.failureRate() }));
  add('PUT', '/__sim/failure-rate', (b) => {
    control.setFailureRate(num(b.rate, 'rate'));
    return { rate: control.failureRate() };
  });
  add('GET', '/__sim/failure-rules', () => ({ rules: control.failureRules() }));
  add('PUT', '/__sim/failure-rules', (b) => {
    control.setFailureRules(failureRulesOf(b.rules));
    return { rules: control.failureRules() };
  });
  add('GET', '/__sim/faults', () => control.faults());
  add('GET', '/__sim/fault-counts', () => control.faultCounts());
  add('DELETE', '/__sim/fault-counts', () => {
    control.resetFaultCounts();
    return control.faultCounts();
  });
  add('PUT', '/__sim/faults/:org', (b, params) => {
    control.setFaults(p(params, 'org'), ratesOf(b));
    return control.faults();
  });
  add('DELETE', '/__sim/faults/:org', (_b, params) => {
    if (p(params, 'org') === 'all') control.clearFaults();
    else control.setFaults(p(params, 'org'), null);
    return control.faults();
  });
  add('POST', '/__sim/tokens/expire', (b) => ({
    expired: control.expireTokens({
      ...(typeof b.org === 'string' ? { org: b.org } : {}),
      ...(typeof b.username === 'string' ? { username: b.username } : {}),
    }),
  }));
  add('GET', '/__sim/counts', (_b, _params, ctx) =>
    control.counts(ctx.url.searchParams.get('org') ?? undefined),
  );
  add('GET', '/__sim/usage/:org', (_b, params) => control.apiUsage(p(params, 'org')));
  add('DELETE', '/__sim/usage', () => control.resetApiUsage());
  add('DELETE', '/__sim/usage/:org', (_b, params) => control.resetApiUsage(p(params, 'org')));
  add('GET', '/__sim/pushes', () => ({ active: control.activePushes() }));
  add('GET', '/__sim/records/:org/:object/:id', (_b, params) => {
    const record = control.getRecord(p(params, 'org'), p(params, 'object'), p(params, 'id'));
    if (!record) throw new ControlError('record not found');
    return record;
  });
  add('POST', '/__sim/records/:org/:object', (b, params) =>
    control.createRecord(p(params, 'org'), p(params, 'object'), fieldsOf(b), modifiedAt(b)),
  );
  add('PATCH', '/__sim/records/:org/:object/:id', (b, params) =>
    control.updateRecord(
      p(params, 'org'),
      p(params, 'object'),
      p(params, 'id'),
      fieldsOf(b),
      modifiedAt(b),
    ),
  );
  add('DELETE', '/__sim/records/:org/:object/:id', (_b, params) => {
    control.deleteRecord(p(params, 'org'), p(params, 'object'), p(params, 'id'));
  });
  add('GET', '/__sim/maintenances', () => control.maintenances());
  add('POST', '/__sim/maintenances', (b) => control.addMaintenance(maintenanceOf(b)));
  add('DELETE', '/__sim/maintenances', () => control.clearMaintenances());
}

function failureRulesOf(value: unknown): FailureRule[] {
  if (!Array.isArray(value)) throw new ControlError('rules must be a list');
  return value.map((rule, i) => {
    if (!isRecord(rule)) throw new ControlError(`rules[${i}] must be an object`);
    const text = (key: string) => {
      const v = rule[key];
      if (v === undefined) return {};
      if (typeof v !== 'string' || v === '')
        throw new ControlError(`rules[${i}].${key} must be text`);
      return { [key]: v };
    };
    return {
      ...text('versionId'),
      ...text('edition'),
      ...text('instance'),
      rate: num(rule.rate, `rules[${i}].rate`),
    };
  });
}

function maintenanceOf(body: Record<string, unknown>): Omit<MaintenanceWindow, 'id'> {
  const keys = body.instanceKeys;
  if (!Array.isArray(keys) || !keys.every((k): k is string => typeof k === 'string'))
    throw new ControlError('instanceKeys must be a list of instance keys');
  const time = (name: string) => {
    const ms = typeof body[name] === 'string' ? Date.parse(body[name]) : NaN;
    if (Number.isNaN(ms)) throw new ControlError(`${name} must be an ISO date-time`);
    return ms;
  };
  const type = body.maintenanceType ?? 'systemMaintenance';
  if (type !== 'release' && type !== 'systemMaintenance')
    throw new ControlError('maintenanceType must be release or systemMaintenance');
  const availability = body.availability ?? 'fullyAvailable';
  if (
    availability !== 'fullyAvailable' &&
    availability !== 'readOnly' &&
    availability !== 'unavailable'
  )
    throw new ControlError('availability must be fullyAvailable, readOnly or unavailable');
  return {
    name: typeof body.name === 'string' ? body.name : `${keys.join(', ')} maintenance`,
    maintenanceType: type,
    availability,
    instanceKeys: keys,
    plannedStart: time('plannedStart'),
    plannedEnd: time('plannedEnd'),
  };
}
