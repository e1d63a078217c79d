// One page of a REST query (GET …/query?q=… or a nextRecordsUrl), read straight from the socket
// and split into its records as the bytes arrive, each record parsed on its own. jsforce reads a
// page of two thousand records into one 1.6 MB string before parsing it: a string that size costs
// V8 more to allocate than the parse itself, and a million licenses make five hundred of them. An
// answer that is not a plain 200 JSON page is left to jsforce (the caller asks it again): session
// refresh, Salesforce's errors and anything unusual stay jsforce's.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import { SalesforceTimeoutError } from './errors';

export interface QueryPage {
  totalSize: number;
  done: boolean;
  nextRecordsUrl?: string;
  records: unknown[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Splits a query page's JSON, fed chunk by chunk, into its records: the members of the top-level
 * "records" array are parsed one by one; the rest of the answer (totalSize, done, nextRecordsUrl)
 * is parsed with the array emptied. Strings are skipped with indexOf, so structure is looked at
 * only between them. Throws SyntaxError on what is not such a page.
 */
export class QueryPageSplitter {
  private depth = 0;
  private inString = false;
  /** The string being read ended the last chunk with a backslash: the next byte is escaped. */
  private escapePending = false;
  /** A depth-1 string being read (pieces across chunks), and the last one read: the key. */
  private keyPieces: Buffer[] | undefined;
  private keyStart = 0;
  private lastKey = '';
  private state: 'before' | 'records' | 'after' = 'before';
  /** The page without its records: bytes up to the array's '[' and from its ']' on. */
  private readonly envelope: Buffer[] = [];
  /** The record being read, when it started in an earlier chunk. */
  private recordPieces: Buffer[] = [];
  private recordStart = -1;
  readonly records: unknown[] = [];

  /**
   * `onNextRecordsUrl`: told the next page's URL as soon as the answer's head names it (Salesforce
   * writes totalSize, done and nextRecordsUrl before the records), so that the next page can be
   * asked for while this one's records are still read.
   */
  constructor(private readonly onNextRecordsUrl?: (url: string) => void) {}

  push(chunk: Buffer): void {
    const n = chunk.length;
    let i = 0;
    // Where this chunk's part of the envelope starts (-1: inside the records).
    let envelopeFrom = this.state === 'records' ? -1 : 0;
    this.recordStart = this.recordPieces.length > 0 ? 0 : -1;
    this.keyStart = 0;
    // The records that start and end in this chunk are parsed together, as one array.
    this.batchFrom = -1;
    this.batchTo = -1;
    while (i < n) {
      if (this.inString) {
        i = this.skipString(chunk, i);
        continue;
      }
      const c = chunk[i] as number;
      if (this.state === 'records' && this.depth === 2 && c !== OPEN_BRACE) {
        // Between the records: commas, blanks and the closing bracket only.
        if (c === CLOSE_BRACKET) {
          this.flushBatch(chunk);
          this.state = 'after';
          envelopeFrom = i;
          this.depth--;
        } else if (c !== 0x2c && c > 0x20) {
          throw new SyntaxError('a record that is not an object');
        }
        i++;
        continue;
      }
      if (c === QUOTE) {
        this.inString = true;
        if (this.depth === 1) {
          this.keyPieces = [];
          this.keyStart = i + 1;
        }
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        this.depth++;
        if (this.state === 'records' && this.depth === 3) {
          this.recordStart = i;
          if (this.batchFrom < 0) this.batchFrom = i;
        } else if (c === OPEN_BRACKET && this.depth === 2 && this.state === 'before') {
          if (this.lastKey !== 'records') throw new SyntaxError(`an array under ${this.lastKey}`);
          this.envelope.push(chunk.subarray(envelopeFrom, i + 1));
          envelopeFrom = -1;
          this.state = 'records';
          this.announceNext();
        }
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (this.state === 'records' && this.depth === 3) this.endRecord(chunk, i + 1);
        this.depth--;
        if (this.depth < 0) throw new SyntaxError('unbalanced');
      }
      i++;
    }
    if (this.keyPieces && this.inString) this.keyPieces.push(chunk.subarray(this.keyStart));
    this.flushBatch(chunk);
    if (this.recordStart >= 0) this.recordPieces.push(chunk.subarray(this.recordStart));
    if (envelopeFrom >= 0) this.envelope.push(chunk.subarray(envelopeFrom));
  }

  /** Tells onNextRecordsUrl the next page's URL when the head read so far names it. */
  private announceNext(): void {
    if (!this.onNextRecordsUrl) return;
    let head: Partial<QueryPage>;
    try {
      // The head up to the records' '[', closed: {"totalSize":…,"done":false,…,"records":[]}.
      head = JSON.parse(`${Buffer.concat(this.envelope).toString('utf8')}]}`) as Partial<QueryPage>;
    } catch {
      return; // Not a head that parses alone: the page's end tells the URL, as before.
    }
    if (head.done === false && typeof head.nextRecordsUrl === 'string') {
      this.onNextRecordsUrl(head.nextRecordsUrl);
    }
  }

  /** The page, once every chunk was pushed. */
  end(): QueryPage {
    if (this.depth !== 0 || this.inString || this.state !== 'after') {
      throw new SyntaxError('the page ended early');
    }
    const page = JSON.parse(Buffer.concat(this.envelope).toString('utf8')) as QueryPage;
    if (!Array.isArray(page.records) || page.records.length !== 0) {
      throw new SyntaxError('records twice');
    }
    page.records = this.records;
    return page;
  }

  /**
   * Skips to the end of the string being read, or of the chunk; answers where to go on. A quote
   * ends the string unless an odd run of backslashes before it (from `from` on: the byte before
   * is the opening quote, an escaped byte or an earlier chunk's even run) escapes it.
   */
  private skipString(chunk: Buffer, from: number): number {
    let i = from;
    if (this.escapePending) {
      this.escapePending = false;
      i++;
    }
    for (;;) {
      const quote = chunk.indexOf(QUOTE, i);
      const end = quote === -1 ? chunk.length : quote;
      let run = 0;
      while (end - run - 1 >= i && chunk[end - run - 1] === BACKSLASH) run++;
      if (quote === -1) {
        this.escapePending = run % 2 === 1;
        return chunk.length;
      }
      if (run % 2 === 1) {
        i = quote + 1;
        continue;
      }
      this.inString = false;
      if (this.keyPieces) {
        this.keyPieces.push(chunk.subarray(this.keyStart, quote));
        this.lastKey = Buffer.concat(this.keyPieces).toString('utf8');
        this.keyPieces = undefined;
      }
      return quote + 1;
    }
  }

  private batchFrom = -1;
  private batchTo = -1;

  private endRecord(chunk: Buffer, end: number): void {
    if (this.recordPieces.length === 0) {
      // Within this chunk: parsed with the chunk's other records (flushBatch).
      this.batchTo = end;
    } else {
      // Begun in an earlier chunk: the first to end in this one, parsed alone.
      const text = Buffer.concat([...this.recordPieces, chunk.subarray(0, end)]).toString('utf8');
      this.recordPieces = [];
      this.records.push(JSON.parse(text));
    }
    this.recordStart = -1;
  }

  /** Parses the records that began and ended in this chunk, as one array. */
  private flushBatch(chunk: Buffer): void {
    if (this.batchFrom >= 0 && this.batchTo > this.batchFrom) {
      const text = `[${chunk.toString('utf8', this.batchFrom, this.batchTo)}]`;
      for (const record of JSON.parse(text) as unknown[]) this.records.push(record);
    }
    this.batchFrom = -1;
    this.batchTo = -1;
  }
}

export interface QueryPageRequest {
  /** Absolute URL of the page. */
  url: string;
  accessToken: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** See QueryPageSplitter. */
  onNextRecordsUrl?: (url: string) => void;
}

/**
 * GETs one query page and answers it, or undefined when the answer is not a 200 JSON page that
 * splits cleanly (an expired session, an error, anything else): the caller then asks jsforce.
 * Network failures and the deadline reject, as jsforce's would (retried as transient). The
 * deadline runs until the answer starts, as jsforce's does, and then while none of it arrives:
 * a page that keeps coming is read to its end, one that stops is given up.
 */
export function readQueryPage(page: QueryPageRequest): Promise<QueryPage | undefined> {
  return new Promise((resolve, reject) => {
    const target = new URL(page.url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const request = send(target, {
      method: 'GET',
      headers: {
        ...page.headers,
        Authorization: `Bearer ${page.accessToken}`,
        Accept: 'application/json',
        'Accept-Encoding': 'gzip, deflate',
      },
    });
    const timer = setTimeout(() => {
      const error = new SalesforceTimeoutError(page.timeoutMs);
      settle(() => reject(error));
      request.destroy(error);
    }, page.timeoutMs);
    request.on('error', (error) => settle(() => reject(error)));
    request.on('response', (response: IncomingMessage) => {
      timer.refresh();
      const status = response.statusCode ?? 0;
      const json = /^application\/json/i.test(response.headers['content-type'] ?? '');
      if (json && status >= 400 && status !== 401) {
        // Salesforce's own error, read as jsforce reads it (an expired session, 401, is
        // jsforce's to refresh).
        void readAll(decoded(response)).then(
          (text) => settle(() => reject(apiError(status, text))),
          (error: unknown) =>
            settle(() => reject(error instanceof Error ? error : new Error(String(error)))),
        );
        return;
      }
      if (status !== 200 || !json) {
        response.resume();
        settle(() => resolve(undefined));
        return;
      }
      const body = decoded(response);
      const splitter = new QueryPageSplitter(page.onNextRecordsUrl);
      body.on('data', (chunk: Buffer) => {
        if (settled) return;
        timer.refresh();
        try {
          splitter.push(chunk);
        } catch {
          // Not what a query page looks like: jsforce reads it instead.
          response.destroy();
          settle(() => resolve(undefined));
        }
      });
      body.on('end', () => {
        if (!response.complete) {
          settle(() => reject(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })));
          return;
        }
        try {
          const parsed = splitter.end();
          settle(() => resolve(parsed));
        } catch {
          settle(() => resolve(undefined));
        }
      });
      body.on('error', (error) => settle(() => reject(error)));
      response.on('aborted', () =>
        settle(() => reject(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))),
      );
    });
    request.end();
  });
}

async function readAll(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The error jsforce makes of an error answer: Salesforce's [{ message, errorCode }] (one of
 * them), or ERROR_HTTP_<status> with the body as its message.
 */
function apiError(status: number, text: string): Error {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (Array.isArray(body)) {
    if (body.length !== 1) {
      return Object.assign(
        new Error('Multiple errors returned.\n  Check `error.data` for the error details'),
        { name: 'MULTIPLE_API_ERRORS', errorCode: 'MULTIPLE_API_ERRORS', data: body },
      );
    }
    body = body[0];
  }
  const said = body as { message?: unknown; errorCode?: unknown } | undefined;
  const { message, errorCode } =
    typeof said === 'object' && said !== null && typeof said.message === 'string'
      ? { message: said.message, errorCode: said.errorCode }
      : { message: text, errorCode: `ERROR_HTTP_${status}` };
  const code = typeof errorCode === 'string' && errorCode !== '' ? errorCode : 'Error';
  return Object.assign(new Error(message), { name: code, errorCode: code, data: body });
}

/** The body, uncompressed. */
function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? '').toLowerCase();
  if (encoding === 'gzip') return response.pipe(createGunzip());
  if (encoding === 'deflate') return response.pipe(createInflate());
  return response;
}
