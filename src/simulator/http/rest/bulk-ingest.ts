// Bulk API 2.0 ingest resources under /services/data/vXX.X/jobs/ingest: create a job (JSON), upload
// its CSV (PUT …/batches, 201 without a body), close or abort it (PATCH state), read its info, its
// successful, failed and unprocessed rows (CSV), list and delete jobs. Job info has the fields the
// Bulk API 2.0 Developer Guide lists for "Get Job Info". The guide names no error codes for a job in
// the wrong state; INCORRECTSTATE and INVALIDJOBSTATE here are our choice (unverified).
import { formatCsv } from '../../bulk/csv';
import type { IngestJob } from '../../bulk/ingest-jobs';
import { formatDateTime } from '../../data/time';
import type { ApiContext } from '../context';
import { isRecord, readBody, readJson } from '../request';
import { ApiError, sendJson, sendNoContent, sendText } from '../respond';
import type { Params, Router } from '../router';

function jobInfo(ctx: ApiContext, job: IngestJob): Record<string, unknown> {
  const failed = job.results.filter((r) => r.error !== undefined).length;
  return {
    id: job.id,
    operation: job.operation,
    object: job.object,
    createdById: job.createdBy,
    createdDate: formatDateTime(job.createdMs),
    systemModstamp: formatDateTime(job.modifiedMs),
    state: job.state,
    concurrencyMode: 'Parallel',
    contentType: 'CSV',
    apiVersion: Number(ctx.apiVersion),
    contentUrl: `services/data/v${ctx.apiVersion}/jobs/ingest/${job.id}/batches`,
    lineEnding: 'LF',
    columnDelimiter: 'COMMA',
    jobType: 'V2Ingest',
    numberRecordsProcessed: job.results.length,
    numberRecordsFailed: failed,
    retries: 0,
    totalProcessingTime: job.processed ? 20 : 0,
    apiActiveProcessingTime: job.processed ? 10 : 0,
    apexProcessingTime: 0,
  };
}

function jobOrNotFound(ctx: ApiContext, params: Params): IngestJob {
  const job = ctx.rt.ingestJobs.get(params.id ?? '', ctx.org.id15);
  if (!job) throw new ApiError(404, 'NOT_FOUND', 'The requested resource does not exist');
  return job;
}

/** A closed job has been processed by the time anyone asks again. */
function settle(job: IngestJob): void {
  if (job.processed && job.state === 'UploadComplete') job.state = 'JobComplete';
}

async function create(ctx: ApiContext): Promise<void> {
  const body = await readJson(ctx.req);
  if (!isRecord(body) || typeof body.object !== 'string' || typeof body.operation !== 'string')
    throw new ApiError(400, 'INVALIDJOB', 'InvalidJob : Required field is missing: object');
  if (body.operation !== 'insert')
    throw new ApiError(
      400,
      'FEATURENOTENABLED',
      `Operation ${body.operation} is not available in this simulator; only insert is`,
    );
  const table = ctx.org.store.table(body.object);
  if (!table)
    throw new ApiError(
      400,
      'INVALIDENTITY',
      `InvalidEntity : Entity '${body.object}' is not supported by the Bulk API.`,
    );
  const job = ctx.rt.ingestJobs.open(ctx.org, ctx.token.user, table.def.name);
  sendJson(ctx.res, 200, jobInfo(ctx, job));
}

async function upload(ctx: ApiContext, params: Params): Promise<void> {
  const job = jobOrNotFound(ctx, params);
  const text = await readBody(ctx.req);
  if (job.state !== 'Open')
    throw new ApiError(
      409,
      'INCORRECTSTATE',
      `Incorrect state: ${job.state}. Data can be uploaded only to an Open job.`,
    );
  job.csv += text;
  ctx.res.writeHead(201, { 'Content-Length': 0 });
  ctx.res.end();
}

async function changeState(ctx: ApiContext, params: Params): Promise<void> {
  const job = jobOrNotFound(ctx, params);
  const body = await readJson(ctx.req);
  const state = isRecord(body) ? body.state : undefined;
  settle(job);
  if (state === 'UploadComplete' && job.state === 'Open') {
    job.state = 'UploadComplete';
    ctx.rt.ingestJobs.process(job, ctx.org, ctx.token.user, ctx.rt.writer);
  } else if (state === 'Aborted' && (job.state === 'Open' || job.state === 'UploadComplete')) {
    job.state = 'Aborted';
  } else {
    throw new ApiError(
      400,
      'INVALIDJOBSTATE',
      `Job state ${String(state)} is not valid for a job in state ${job.state}`,
    );
  }
  sendJson(ctx.res, 200, jobInfo(ctx, job));
}

function info(ctx: ApiContext, params: Params): void {
  const job = jobOrNotFound(ctx, params);
  settle(job);
  sendJson(ctx.res, 200, jobInfo(ctx, job));
}

function sendCsv(ctx: ApiContext, text: string): void {
  sendText(ctx.res, 200, text, 'text/csv');
}

function successful(ctx: ApiContext, params: Params): void {
  const job = jobOrNotFound(ctx, params);
  const rows = job.results.filter((r) => r.id !== undefined);
  sendCsv(
    ctx,
    formatCsv(
      ['sf__Id', 'sf__Created', ...job.header],
      rows.map((r) => [r.id ?? '', 'true', ...r.values]),
    ),
  );
}

function failed(ctx: ApiContext, params: Params): void {
  const job = jobOrNotFound(ctx, params);
  const rows = job.results.filter((r) => r.error !== undefined);
  sendCsv(
    ctx,
    formatCsv(
      ['sf__Id', 'sf__Error', ...job.header],
      rows.map((r) => ['', r.error ?? '', ...r.values]),
    ),
  );
}

/** Rows of an aborted job that were never processed. */
function unprocessed(ctx: ApiContext, params: Params): void {
  const job = jobOrNotFound(ctx, params);
  sendCsv(ctx, job.processed ? formatCsv(job.header, []) : job.csv);
}

function remove(ctx: ApiContext, params: Params): void {
  const job = jobOrNotFound(ctx, params);
  settle(job);
  if (job.state === 'Open')
    throw new ApiError(
      400,
      'INVALIDJOBSTATE',
      `Job ${job.id} can be deleted only when it is UploadComplete, JobComplete, Aborted or Failed`,
    );
  ctx.rt.ingestJobs.delete(job);
  sendNoContent(ctx.res);
}

export function addBulkIngestRoutes(router: Router<ApiContext>): void {
  const base = '/services/data/:version/jobs/ingest';
  router
    .add('POST', base, create)
    .add('PUT', `${base}/:id/batches`, upload)
    .add('PATCH', `${base}/:id`, changeState)
    .add('GET', `${base}/:id`, info)
    .add('DELETE', `${base}/:id`, remove)
    .add('GET', `${base}/:id/successfulResults`, successful)
    .add('GET', `${base}/:id/failedResults`, failed)
    .add('GET', `${base}/:id/unprocessedrecords`, unprocessed);
}
