// The REST API's entry points: the versions list (/services/data), the resources of a version
// (/services/data/vXX.X) and `limits`.
import type { SimRuntime } from '../../runtime';
import type { ApiContext, RequestContext } from '../context';
import { notFound, sendJson } from '../respond';
import type { Router } from '../router';

export const MIN_API_VERSION = 20;
export const MAX_API_VERSION = 64;

/** 'v62.0' → '62.0'; anything unsupported is NOT_FOUND, as on Salesforce. */
export function parseApiVersion(segment: string): string {
  const match = /^v(\d+)\.0$/.exec(segment);
  const major = match ? Number(match[1]) : NaN;
  if (!(major >= MIN_API_VERSION && major <= MAX_API_VERSION)) throw notFound();
  return `${major}.0`;
}

/** Release names run Winter '11 (20.0), Spring '11, Summer '11, Winter '12 (23.0), … */
function releaseLabel(major: number): string {
  const step = major - MIN_API_VERSION;
  const season = ['Winter', 'Spring', 'Summer'][step % 3] ?? 'Winter';
  return `${season} '${String(11 + Math.floor(step / 3)).padStart(2, '0')}`;
}

function versions(ctx: RequestContext): void {
  const list = [];
  for (let v = MIN_API_VERSION; v <= MAX_API_VERSION; v++) {
    list.push({ label: releaseLabel(v), url: `/services/data/v${v}.0`, version: `${v}.0` });
  }
  sendJson(ctx.res, 200, list);
}

function resources(ctx: ApiContext): void {
  const base = `/services/data/v${ctx.apiVersion}`;
  const names = [
    'tooling',
    'metadata',
    'eclair',
    'folders',
    'prechatForms',
    'chatter',
    'tabs',
    'appMenu',
    'quickActions',
    'queryAll',
    'commerce',
    'wave',
    'iot',
    'analytics',
    'search',
    'identity',
    'composite',
    'parameterizedSearch',
    'theme',
    'nouns',
    'event',
    'serviceTemplates',
    'recent',
    'connect',
    'licensing',
    'limits',
    'process',
    'async-queries',
    'query',
    'match',
    'emailConnect',
    'compactLayouts',
    'knowledgeManagement',
    'sobjects',
    'actions',
    'support',
  ];
  const body: Record<string, string> = {};
  for (const name of names) body[name] = `${base}/${name}`;
  body.identity = ctx.rt.identityUrl(ctx.token.user);
  sendJson(ctx.res, 200, body);
}

function limitsBody(
  rt: SimRuntime,
  orgId15: string,
): Record<string, { Max: number; Remaining: number }> {
  const max = rt.usage.max(orgId15);
  const used = rt.usage.used(orgId15);
  const fixed = (m: number, remaining = m) => ({ Max: m, Remaining: remaining });
  // Packaging orgs have Dev Hub enabled: a Developer Edition Dev Hub's scratch org allocations.
  const devHub = rt.family.lma.id15 !== orgId15;
  return {
    ActiveScratchOrgs: fixed(devHub ? 3 : 0),
    AnalyticsExternalDataSizeMB: fixed(40_960),
    ConcurrentAsyncGetReportInstances: fixed(200),
    ConcurrentSyncReportRuns: fixed(20),
    DailyAnalyticsDataflowJobExecutions: fixed(60),
    DailyApiRequests: { Max: max, Remaining: Math.max(0, max - used) },
    DailyAsyncApexExecutions: fixed(250_000),
    DailyBulkApiBatches: fixed(15_000),
    DailyBulkV2QueryFileStorageMB: fixed(976_562),
    DailyBulkV2QueryJobs: fixed(10_000),
    DailyGenericStreamingApiEvents: fixed(10_000),
    DailyScratchOrgs: fixed(devHub ? 6 : 0),
    DailyStreamingApiEvents: fixed(1_000_000),
    DailyWorkflowEmails: fixed(1_935_000),
    DataStorageMB: fixed(
      rt.family.lma.id15 === orgId15 ? 30_720 : 5,
      rt.family.lma.id15 === orgId15 ? 11_240 : 5,
    ),
    FileStorageMB: fixed(rt.family.lma.id15 === orgId15 ? 250_880 : 20),
    HourlyODataCallout: fixed(10_000),
    HourlyTimeBasedWorkflow: fixed(1_000),
    MassEmail: fixed(5_000),
    SingleEmail: fixed(5_000),
    StreamingApiConcurrentClients: fixed(2_000),
  };
}

function limits(ctx: ApiContext): void {
  sendJson(ctx.res, 200, limitsBody(ctx.rt, ctx.org.id15));
}

/** Routes answered without a session (the versions list). */
export function addPublicRestRoutes(router: Router<RequestContext>): void {
  router.add('GET', '/services/data', versions);
}

export function addResourceRoutes(router: Router<ApiContext>): void {
  router
    .add('GET', '/services/data/:version', resources)
    .add('GET', '/services/data/:version/limits', limits);
}
