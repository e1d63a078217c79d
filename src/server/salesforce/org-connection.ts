// Typed operations on one org: paged queries with cancellation, collection writes chunked at 200,
// every call retried on transient failures and failing with Salesforce's own error. Every HTTP call
// has a deadline: a Salesforce that never answers must fail the call (and be retried), not hang a
// fetch or an activation forever.
import type { Connection } from 'jsforce';
import type { z } from 'zod';
import type { ConnectedOrgRow } from '../db/repositories/connected-orgs';
import { SalesforceTimeoutError, toSalesforceError } from './errors';
import { throwIfCanceled, withRetry, type RetryOptions } from './retry';
import type { SalesforceCallKind } from '../metrics/registry';
import { measured } from './call-metrics';
import { readQueryPage } from './query-page';

/**
 * How long one HTTP call may wait for Salesforce's answer. Salesforce itself ends a SOQL query
 * after 120 s (QUERY_TIMEOUT), so a call still unanswered after that is lost.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 130_000;

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

/** One page of a query being read (queryPages), and the next one when asked for ahead. */
interface PageRead {
  url: string;
  result: Promise<RawQueryResult>;
  /** The page the caller is reading: only it asks for the next page ahead. */
  current: boolean;
  /** The next page's URL, as the head of this one named it. */
  announced?: string;
  next?: PageRead;
}

export class OrgConnection {
  /** Options of every jsforce request: retrying is the gateway's job, the deadline is ours. */
  private readonly jsforceOptions: { retry: { maxRetries: number }; timeout: number };

  constructor(
    readonly conn: Connection,
    readonly org: Pick<ConnectedOrgRow, 'org_id' | 'name' | 'type'>,
    private readonly retry: RetryOptions = {},
    readonly requestTimeoutMs: number = DEFAULT_REQUEST_TIMEOUT_MS,
  ) {
    this.jsforceOptions = { retry: { maxRetries: 0 }, timeout: requestTimeoutMs };
  }

  /** Runs one Salesforce call with retries; errors come out as SalesforceError. */
  async call<T>(
    fn: () => Promise<T>,
    signal?: AbortSignal,
    kind: SalesforceCallKind = 'other',
  ): Promise<T> {
    // jsforce aborts a request at its deadline and reports an AbortError (we pass it no signal of
    // ours, so an abort is always the deadline): a transient failure, retried like a dropped one.
    const attempt = async () => {
      try {
        return await fn();
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') {
          throw new SalesforceTimeoutError(this.requestTimeoutMs);
        }
        throw error;
      }
    };
    try {
      return await withRetry(measured(kind, attempt), {
        ...this.retry,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'CanceledError') throw error;
      throw toSalesforceError(error);
    }
  }

  /**
   * Pages of records parsed through `schema`; checks for cancellation between pages. Pipelined:
   * the next page is asked for as soon as the head of the page being read names it, so Salesforce
   * prepares it while this side reads the records (at most two pages in flight).
   */
  async *queryPages<T>(
    soql: string,
    schema: z.ZodType<T>,
    options: QueryOptions = {},
  ): AsyncGenerator<T[], void, undefined> {
    const headers = options.batchSize
      ? { 'Sforce-Query-Options': `batchSize=${options.batchSize}` }
      : undefined;
    const base = `/services/data/v${this.conn.version}`;
    const read = (url: string, kind: SalesforceCallKind): PageRead => {
      const reading = { url, current: false } as PageRead;
      const announced = (next: string) => {
        reading.announced = next;
        readAhead(reading);
      };
      reading.result = this.call(() => this.page(url, headers, announced), options.signal, kind);
      return reading;
    };
    /** Asks for the page after `reading` once it is the page being read and names the next. */
    const readAhead = (reading: PageRead) => {
      if (!reading.current || reading.next || reading.announced === undefined) return;
      reading.next = read(reading.announced, 'query_more');
      // Failures surface when that page is awaited; a read given up on is not awaited at all.
      reading.next.result.catch(() => undefined);
    };
    let reading = read(`${base}/query?q=${encodeURIComponent(soql)}`, 'query');
    for (;;) {
      reading.current = true;
      readAhead(reading);
      const page = await reading.result;
      yield page.records.map((record) => schema.parse(record));
      const next = page.nextRecordsUrl;
      if (page.done || !next) return;
      throwIfCanceled(options.signal);
      // The page asked for ahead is the one the whole answer names (a retried answer names it
      // again): otherwise it is asked for now.
      reading = reading.next?.url === next ? reading.next : read(next, 'query_more');
    }
  }

  /**
   * One page of a query: read and split on our side (query-page.ts), or by jsforce when that
   * path cannot answer it (no token yet, an expired session, an error, anything unusual).
   * `onNextRecordsUrl`: told the next page's URL early, when our side reads the page.
   */
  private async page(
    url: string,
    headers?: Record<string, string>,
    onNextRecordsUrl?: (url: string) => void,
  ): Promise<RawQueryResult> {
    const { accessToken, instanceUrl } = this.conn;
    if (accessToken && instanceUrl && url.startsWith('/services/')) {
      const page = await readQueryPage({
        url: instanceUrl + url,
        accessToken,
        ...(headers ? { headers } : {}),
        timeoutMs: this.requestTimeoutMs,
        ...(onNextRecordsUrl ? { onNextRecordsUrl } : {}),
      });
      if (page) return page;
    }
    return this.conn.request<RawQueryResult>(
      { method: 'GET', url, ...(headers ? { headers } : {}) },
      this.jsforceOptions,
    );
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
    const record = await this.call(
      () =>
        this.conn.request<unknown>(
          { method: 'GET', url: `${base}/sobjects/${type}/${id}` },
          this.jsforceOptions,
        ),
      undefined,
      'retrieve',
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
            this.jsforceOptions,
          ),
        options.signal,
        method === 'POST' ? 'create' : 'update',
      );
      results.push(...reply);
    }
    return results;
  }
}
