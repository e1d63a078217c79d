// Bulk API 2.0 query jobs (what `sf data export bulk` runs): the query is validated and run when the
// job is created, so the job reports UploadComplete in the create reply and JobComplete from then on;
// results are CSV pages whose Sforce-Locator header names the next page ('null' after the last).
// Columns are the selected paths as written in canonical form ('PackageVersion.Name'); a null
// relationship leaves its columns empty, as Bulk API does.
import { describeSoqlColumns, type SoqlColumn } from '../soql/columns';
import { openSoqlCursor, type SoqlCursor } from '../soql/index';
import type { SoqlOutputRow } from '../soql/source';
import type { OrgStore } from '../store/org-store';
import { formatCsv } from './csv';

export type QueryJobState = 'UploadComplete' | 'JobComplete' | 'Aborted';

export interface QueryJob {
  readonly id: string;
  readonly orgId15: string;
  readonly object: string;
  readonly operation: 'query' | 'queryAll';
  readonly query: string;
  readonly createdBy: string;
  readonly createdMs: number;
  state: QueryJobState;
  readonly header: readonly string[];
  readonly cursor: SoqlCursor;
}

/** Rows per results page when the client sets no maxRecords. */
const DEFAULT_PAGE = 50_000;

function leafPaths(columns: readonly SoqlColumn[], prefix: string[] = []): string[][] {
  return columns.flatMap((c) =>
    c.joinColumns.length > 0
      ? leafPaths(c.joinColumns, [...prefix, c.name])
      : [[...prefix, c.name]],
  );
}

function cellOf(row: SoqlOutputRow, path: readonly string[]): string {
  let value: unknown = row;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return '';
    value = (value as Record<string, unknown>)[key];
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

export class QueryJobs {
  private readonly jobs = new Map<string, QueryJob>();

  constructor(
    private readonly now: () => number,
    private readonly nextId: () => string,
  ) {}

  /** Runs the query (throws SoqlError as a query would) and keeps its result for paging. */
  create(
    store: OrgStore,
    orgId15: string,
    userId: string,
    operation: 'query' | 'queryAll',
    query: string,
    apiVersion: string,
  ): QueryJob {
    const described = describeSoqlColumns(query, store);
    const cursor = openSoqlCursor(query, store, { now: new Date(this.now()), apiVersion });
    const job: QueryJob = {
      id: this.nextId(),
      orgId15,
      object: described.entityName,
      operation,
      query,
      createdBy: userId,
      createdMs: this.now(),
      state: 'UploadComplete',
      header: leafPaths(described.columns).map((p) => p.join('.')),
      cursor,
    };
    this.jobs.set(job.id, job);
    return job;
  }

  get(id: string, orgId15: string): QueryJob | undefined {
    const job = this.jobs.get(id);
    return job && job.orgId15 === orgId15 ? job : undefined;
  }

  delete(job: QueryJob): void {
    this.jobs.delete(job.id);
  }

  /** One CSV page from `offset`, and the locator of the next page or 'null'. */
  page(
    job: QueryJob,
    offset: number,
    maxRecords: number | undefined,
  ): { csv: string; count: number; locator: string } {
    const total = job.cursor.isCount ? 0 : job.cursor.totalSize;
    const end = Math.min(total, offset + (maxRecords ?? DEFAULT_PAGE));
    const paths = job.header.map((h) => h.split('.'));
    const rows = job.cursor.rows(offset, end).map((row) => paths.map((p) => cellOf(row, p)));
    return {
      csv: formatCsv(job.header, rows),
      count: rows.length,
      locator: end < total ? Buffer.from(String(end)).toString('base64url') : 'null',
    };
  }

  /** The offset a locator stands for; undefined for one this simulator never issued. */
  static offsetOf(locator: string | null): number | undefined {
    if (locator === null || locator === '') return 0;
    const offset = Number(Buffer.from(locator, 'base64url').toString());
    return Number.isInteger(offset) && offset >= 0 ? offset : undefined;
  }
}
