// Upload Orgs: every org with its account, type, edition and instance as CSV, POSTed to the
// log-analytics HTTP source SUMO_URL (its query string kept: sources often carry their key
// there). A refusal fails the job with the status the service answered.
import { countNoun } from '../../domain/format';
import { listOrgsForUpload, type UploadOrgRow } from '../db/repositories/orgs';
import type { JobDefinition, JobStep } from '../jobs/types';
import { csvDocument } from './csv';
import type { SyncDeps } from './deps';
import type { StepParams } from './fetch-run';

export const UPLOAD_HEADER = ['org_id', 'account', 'type', 'edition', 'instance'] as const;

export function uploadCsv(rows: readonly UploadOrgRow[]): string {
  return csvDocument(
    UPLOAD_HEADER,
    rows.map((row) => [row.org_id, row.account_name, row.type, row.edition, row.instance]),
  );
}

/** Loaded by the first step, sent by the second (kept off the job row, so the row stays small). */
interface Upload {
  rows: UploadOrgRow[];
}

function loadStep(deps: SyncDeps, upload: Upload): JobStep<StepParams> {
  return {
    name: 'Loading org data',
    async run(context) {
      if (!deps.config.SUMO_URL) throw new Error('SUMO_URL is not configured.');
      upload.rows = await listOrgsForUpload(deps.db);
      context.result(`Loaded ${countNoun(upload.rows, 'org')}`);
    },
  };
}

function sendStep(deps: SyncDeps, upload: Upload): JobStep<StepParams> {
  return {
    name: 'Uploading org data',
    async run(context) {
      const url = deps.config.SUMO_URL;
      if (!url) throw new Error('SUMO_URL is not configured.');
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/csv; charset=utf-8' },
        body: uploadCsv(upload.rows),
        signal: context.signal,
      });
      // The body is drained either way so the connection can be reused.
      const answer = await response.text();
      if (!response.ok) {
        const detail = answer.trim().slice(0, 200);
        throw new Error(
          `The log-analytics service answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
        );
      }
      context.result(`Uploaded ${countNoun(upload.rows, 'org')}`);
    },
  };
}

export function uploadOrgsJob(deps: SyncDeps): JobDefinition<StepParams> {
  return {
    type: 'upload-orgs',
    name: () => 'Upload org data',
    steps: () => {
      const upload: Upload = { rows: [] };
      return [loadStep(deps, upload), sendStep(deps, upload)];
    },
  };
}
