// Bulk API 2.0 ingest jobs (insert only — what the sf CLI's `package push-upgrade schedule` uses to
// add PackagePushJob rows): Open → (CSV uploaded) → UploadComplete → JobComplete, or Aborted. The
// rows are written when the job is closed, each in its own transaction as Bulk API does (a bad row
// fails alone); the close reply still says UploadComplete and the next read JobComplete, as a real
// job is processed after the close returns.
import type { SimOrg, SimUser } from '../store/family';
import { SaveError } from '../store/save-error';
import type { FieldDef } from '../store/schema';
import { Transaction } from '../store/transaction';
import type { RecordWriter } from '../store/writes';
import { parseCsvRecords } from './csv';

export type IngestState = 'Open' | 'UploadComplete' | 'InProgress' | 'JobComplete' | 'Aborted';

export interface RowResult {
  readonly values: readonly string[];
  readonly id?: string;
  /** 'STATUS_CODE:message:fields', the sf__Error column. */
  readonly error?: string;
}

export interface IngestJob {
  readonly id: string;
  readonly orgId15: string;
  readonly object: string;
  readonly operation: 'insert';
  readonly createdBy: string;
  readonly createdMs: number;
  modifiedMs: number;
  state: IngestState;
  /** Set by close; reads after it report JobComplete. */
  processed: boolean;
  csv: string;
  header: string[];
  results: RowResult[];
}

/** The sf__Error text Bulk API 2.0 writes: code, message and the fields, colon-separated. */
function errorText(error: SaveError): string {
  return `${error.statusCode}:${error.message}:${error.fields.join(',') || '--'}`;
}

/** CSV text to a field value: '#N/A' sets null, an empty cell leaves the field out. */
function csvValue(field: FieldDef | undefined, text: string): unknown {
  if (text === '#N/A') return null;
  if (field?.type === 'boolean') return text.toLowerCase() === 'true';
  return text;
}

export class IngestJobs {
  private readonly jobs = new Map<string, IngestJob>();

  constructor(
    private readonly now: () => number,
    /** Shared with query jobs: both are Bulk API jobs with ids from one space. */
    private readonly nextId: () => string,
  ) {}

  open(org: SimOrg, user: SimUser, object: string): IngestJob {
    const id = this.nextId();
    const job: IngestJob = {
      id,
      orgId15: org.id15,
      object,
      operation: 'insert',
      createdBy: user.id,
      createdMs: this.now(),
      modifiedMs: this.now(),
      state: 'Open',
      processed: false,
      csv: '',
      header: [],
      results: [],
    };
    this.jobs.set(id, job);
    return job;
  }

  get(id: string, orgId15: string): IngestJob | undefined {
    const job = this.jobs.get(id);
    return job && job.orgId15 === orgId15 ? job : undefined;
  }

  delete(job: IngestJob): void {
    this.jobs.delete(job.id);
  }

  /** Inserts every uploaded row; each row's outcome becomes a successful or failed result. */
  process(job: IngestJob, org: SimOrg, user: SimUser, writer: RecordWriter): void {
    const { header, records } = parseCsvRecords(job.csv);
    const def = org.store.table(job.object)?.def;
    job.header = header;
    job.results = records.map((values): RowResult => {
      const input: Record<string, unknown> = {};
      header.forEach((name, i) => {
        const text = values[i] ?? '';
        if (text !== '') input[name] = csvValue(def?.field(name), text);
      });
      const tx = new Transaction();
      try {
        const row = writer.create({ org, user, now: this.now(), tx }, job.object, input);
        tx.commit();
        return { values, id: String(row.Id) };
      } catch (error) {
        tx.rollback();
        if (!(error instanceof SaveError)) throw error;
        return { values, error: errorText(error) };
      }
    });
    job.processed = true;
    job.modifiedMs = this.now();
  }
}
