// Typed operations on one org: paged queries with cancellation, collection writes chunked at 200,
// every call retried on transient failures and failing with Salesforce's own error.
import type { Connection } from 'jsforce';
import type { z } from 'zod';
import type { ConnectedOrgRow } from '../db/repositories/connected-orgs';
import { toSalesforceError } from './errors';
import { throwIfCanceled, withRetry, type RetryOptions } from './retry';

/** Retrying is the gateway's job (with back-off and cancellation); jsforce's own must not stack. */
const JSFORCE_OPTIONS = { retry: { maxRetries: 0 } };

/** Salesforce accepts at most 200 records per sObject Collections call. */
export const COLLECTION_LIMIT = 200;

export interface QueryOptions {
  signal?: AbortSignal;
  /** Records per page (Sforce-Query-Options batchSize, 200–2000). */
  batchSize?: number;
}

export interface SaveResult {
  id: string | null;
  success: boolean;
  errors: { statusCode: string; message: string; fields: string[] }[];
}

interface RawQueryResult {
  totalSize: number;
  done: boolean;
  nextRecordsUrl?: string;
  records: unknown[];
}

export class OrgConnection {
  constructor(
    readonly conn: Connection,
    readonly org: Pick<ConnectedOrgRow, 'org_id' | 'name' | 'type'>,
    private readonly retry: RetryOptions = {},
  ) {}

  /** Runs one Salesforce call with retries; errors come out as SalesforceError. */
  async call<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    try {
      return await withRetry(fn, { ...this.retry, ...(signal ? { signal } : {}) });
    } catch (error) {
      if (error instanceof Error && error.name === 'CanceledError') throw error;
      throw toSalesforceError(error);
    }
  }

  /** Pages of records parsed through `schema`; checks for cancellation between pages. */
  async *queryPages<T>(
    soql: string,
    schema: z.ZodType<T>,
    options: QueryOptions = {},
  ): AsyncGenerator<T[], void, undefined> {
    const headers = options.batchSize
      ? { 'Sforce-Query-Options': `batchSize=${options.batchSize}` }
      : undefined;
    const base = `/services/data/v${this.conn.version}`;
    let page = await this.call(
      () =>
        this.conn.request<RawQueryResult>(
          {
            method: 'GET',
            url: `${base}/query?q=${encodeURIComponent(soql)}`,
            ...(headers ? { headers } : {}),
          },
          JSFORCE_OPTIONS,
        ),
      options.signal,
    );
    for (;;) {
      yield page.records.map((record) => schema.parse(record));
      const next = page.nextRecordsUrl;
      if (page.done || !next) return;
      throwIfCanceled(options.signal);
      page = await this.call(
        () =>
          this.conn.request<RawQueryResult>(
            {
              method: 'GET',
              url: next,
              ...(headers ? { headers } : {}),
            },
            JSFORCE_OPTIONS,
          ),
        options.signal,
      );
    }
  }

  async queryAll<T>(soql: string, schema: z.ZodType<T>, options: QueryOptions = {}): Promise<T[]> {
    const all: T[] = [];
    for await (const page of this.queryPages(soql, schema, options)) all.push(...page);
    return all;
  }

  /** Creates records in order, 200 per call; per-record results in the same order. */
  async create(
    type: string,
    records: Record<string, unknown>[],
    options: { allOrNone?: boolean; signal?: AbortSignal } = {},
  ): Promise<SaveResult[]> {
    return this.collection('POST', type, records, options);
  }

  /** Updates records (each with Id) in order, 200 per call. */
  async update(
    type: string,
    records: Record<string, unknown>[],
    options: { allOrNone?: boolean; signal?: AbortSignal } = {},
  ): Promise<SaveResult[]> {
    return this.collection('PATCH', type, records, options);
  }

  async retrieve<T>(type: string, id: string, schema: z.ZodType<T>): Promise<T> {
    const base = `/services/data/v${this.conn.version}`;
    const record = await this.call(() =>
      this.conn.request<unknown>(
        { method: 'GET', url: `${base}/sobjects/${type}/${id}` },
        JSFORCE_OPTIONS,
      ),
    );
    return schema.parse(record);
  }

  private async collection(
    method: 'POST' | 'PATCH',
    type: string,
    records: Record<string, unknown>[],
    options: { allOrNone?: boolean; signal?: AbortSignal },
  ): Promise<SaveResult[]> {
    const results: SaveResult[] = [];
    const url = `/services/data/v${this.conn.version}/composite/sobjects`;
    for (let start = 0; start < records.length; start += COLLECTION_LIMIT) {
      throwIfCanceled(options.signal);
      const chunk = records.slice(start, start + COLLECTION_LIMIT).map((record) => ({
        attributes: { type },
        ...record,
      }));
      const body = JSON.stringify({ allOrNone: options.allOrNone ?? false, records: chunk });
      const reply = await this.call(
        () =>
          this.conn.request<SaveResult[]>(
            {
              method,
              url,
              body,
              headers: { 'content-type': 'application/json' },
            },
            JSFORCE_OPTIONS,
          ),
        options.signal,
      );
      results.push(...reply);
    }
    return results;
  }
}
