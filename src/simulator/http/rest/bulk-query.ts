// Bulk API 2.0 query resources under /services/data/vXX.X/jobs/query: create a job (JSON), read its
// info, page its CSV results (Sforce-Locator / Sforce-NumberOfRecords headers), abort and delete it.
// Bulk API 2.0 refuses aggregate functions, GROUP BY, COUNT() and OFFSET; the error code for that,
// INVALIDJOB, is our choice (unverified). SOQL errors keep the query's own code (MALFORMED_QUERY, …).
import { QueryJobs, type QueryJob } from '../../bulk/query-jobs';
import { formatDateTime } from '../../data/time';
import { parseSoql, SoqlError } from '../../soql/index';
import type { ApiContext } from '../context';
import { isRecord, readJson } from '../request';
import { ApiError, sendJson, sendNoContent } from '../respond';
import type { Params, Router } from '../router';

function jobInfo(ctx: ApiContext, job: QueryJob): Record<string, unknown> {
  const done = job.state === 'JobComplete';
  return {
    id: job.id,
    operation: job.operation,
    object: job.object,
    createdById: job.createdBy,
    createdDate: formatDateTime(job.createdMs),
    systemModstamp: formatDateTime(job.createdMs),
    state: job.state,
    concurrencyMode: 'Parallel',
    contentType: 'CSV',
    apiVersion: Number(ctx.apiVersion),
    lineEnding: 'LF',
    columnDelimiter: 'COMMA',
    ...(done
      ? {
          jobType: 'V2Query',
          numberRecordsProcessed: job.cursor.isCount ? 0 : job.cursor.totalSize,
          retries: 0,
          totalProcessingTime: 50,
        }
      : {}),
  };
}

function jobOrNotFound(ctx: ApiContext, params: Params): QueryJob {
  const job = ctx.rt.queryJobs.get(params.id ?? '', ctx.org.id15);
  if (!job) throw new ApiError(404, 'NOT_FOUND', 'The requested resource does not exist');
  return job;
}

/** The query ran at creation; every later read finds the job complete. */
function settle(job: QueryJob): void {
  if (job.state === 'UploadComplete') job.state = 'JobComplete';
}

function unsupportedInBulk(query: string): string | undefined {
  const parsed = parseSoql(query);
  if (parsed.select.kind === 'count') return 'COUNT()';
  if (parsed.select.kind === 'aggregate') return 'Aggregate functions and GROUP BY';
  if (parsed.offset !== null) return 'OFFSET';
  return undefined;
}

async function create(ctx: ApiContext): Promise<void> {
  const body = await readJson(ctx.req);
  const operation = isRecord(body) ? body.operation : undefined;
  const query = isRecord(body) ? body.query : undefined;
  if (typeof query !== 'string' || (operation !== 'query' && operation !== 'queryAll'))
    throw new ApiError(400, 'INVALIDJOB', 'InvalidJob : Required fields: operation, query');
  try {
    const unsupported = unsupportedInBulk(query);
    if (unsupported)
      throw new ApiError(400, 'INVALIDJOB', `${unsupported} is not supported by Bulk API 2.0`);
    const job = ctx.rt.queryJobs.create(
      ctx.org.store,
      ctx.org.id15,
      ctx.token.user.id,
      operation,
      query,
      ctx.apiVersion,
    );
    sendJson(ctx.res, 200, jobInfo(ctx, job));
  } catch (error) {
    if (error instanceof SoqlError) throw new ApiError(400, error.errorCode, error.message);
    throw error;
  }
}

function info(ctx: ApiContext, params: Params): void {
  const job = jobOrNotFound(ctx, params);
  settle(job);
  sendJson(ctx.res, 200, jobInfo(ctx, job));
}

function results(ctx: ApiContext, params: Params): void {
  const job = jobOrNotFound(ctx, params);
  settle(job);
  if (job.state !== 'JobComplete')
    throw new ApiError(400, 'INVALIDJOBSTATE', `Job ${job.id} is ${job.state}: no results`);
  const offset = QueryJobs.offsetOf(ctx.url.searchParams.get('locator'));
  if (offset === undefined) throw new ApiError(400, 'INVALIDLOCATOR', 'Invalid locator');
  const max = Number(ctx.url.searchParams.get('maxRecords') ?? NaN);
  const page = ctx.rt.queryJobs.page(
    job,
    offset,
    Number.isInteger(max) && max > 0 ? max : undefined,
  );
  const text = page.csv;
  ctx.res.writeHead(200, {
    'Content-Type': 'text/csv;charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    'Sforce-Locator': page.locator,
    'Sforce-NumberOfRecords': String(page.count),
  });
  ctx.res.end(text);
}

async function abort(ctx: ApiContext, params: Params): Promise<void> {
  const job = jobOrNotFound(ctx, params);
  const body = await readJson(ctx.req);
  if (!isRecord(body) || body.state !== 'Aborted' || job.state !== 'UploadComplete')
    throw new ApiError(
      400,
      'INVALIDJOBSTATE',
      `Job ${job.id} in state ${job.state} cannot change to ${String(isRecord(body) ? body.state : undefined)}`,
    );
  job.state = 'Aborted';
  sendJson(ctx.res, 200, jobInfo(ctx, job));
}

function remove(ctx: ApiContext, params: Params): void {
  ctx.rt.queryJobs.delete(jobOrNotFound(ctx, params));
  sendNoContent(ctx.res);
}

export function addBulkQueryRoutes(router: Router<ApiContext>): void {
  const base = '/services/data/:version/jobs/query';
  router
    .add('POST', base, create)
    .add('GET', `${base}/:id`, info)
    .add('PATCH', `${base}/:id`, abort)
    .add('DELETE', `${base}/:id`, remove)
    .add('GET', `${base}/:id/results`, results);
}
