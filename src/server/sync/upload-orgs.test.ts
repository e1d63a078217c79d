// Upload Orgs posts RFC 4180 CSV (header, quoted fields, doubled quotes) to SUMO_URL with its query
// string, and a refusal fails the job with the status the service answered.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv';
import { fetchAllJob } from './fetch-job';
import { runJob } from './testing/recording-context';
import { startSyncHarness, type SyncHarness } from './testing/sync-harness';
import { uploadOrgsJob } from './upload-orgs';

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

let h: SyncHarness;
let server: Server;
let received: Received[] = [];
let answerStatus = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      res
        .writeHead(answerStatus, { 'content-type': 'text/plain' })
        .end(answerStatus === 200 ? 'ok' : 'collector is full');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  h = await startSyncHarness({
    dataset: 'test',
    sumoUrl: `http://127.0.0.1:${port}/receiver/v1/http/abc?category=orgs&x=1`,
  });
  await runJob(fetchAllJob(h.deps));
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A minimal RFC 4180 reader, independent of the writer under test. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    const next = text[i + 1];
    if (quoted && c === '"' && next === '"') {
      field += '"';
      i += 2;
    } else if (c === '"') {
      quoted = !quoted;
      i += 1;
    } else if (!quoted && c === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (!quoted && c === '\r' && next === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else {
      field += c;
      i += 1;
    }
  }
  return records;
}

describe('csv', () => {
  it('quotes fields with commas, quotes and line breaks, and doubles inner quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvLine(['x', 'y, z', undefined])).toBe('x,"y, z",\r\n');
  });
});

describe('Upload Orgs', () => {
  it('posts every org as escaped CSV to SUMO_URL, query string kept', async () => {
    const { rows } = await h.testDb.db.query<{ org_id: string; account_id: string }>(
      'SELECT org_id, account_id FROM org ORDER BY org_id LIMIT 1',
    );
    const tricky = 'Smith, "Jones" & Co\nEurope';
    await h.testDb.db.query('UPDATE account SET account_name = $2 WHERE account_id = $1', [
      rows[0]?.account_id,
      tricky,
    ]);
    received = [];
    const context = await runJob(uploadOrgsJob(h.deps));
    const orgCount = (await h.testDb.db.query('SELECT org_id FROM org')).rows.length;
    expect(context.results.map((r) => r.message)).toEqual([
      `Loaded ${orgCount} orgs`,
      `Uploaded ${orgCount} orgs`,
    ]);
    expect(received).toHaveLength(1);
    const [post] = received;
    expect(post?.method).toBe('POST');
    expect(post?.url).toBe('/receiver/v1/http/abc?category=orgs&x=1');
    expect(post?.headers['content-type']).toMatch(/^text\/csv/);
    const records = parseCsv(post?.body ?? '');
    expect(records[0]).toEqual(['org_id', 'account', 'type', 'edition', 'instance']);
    expect(records).toHaveLength(orgCount + 1);
    expect(records.every((r) => r.length === 5)).toBe(true);
    const first = records.find((r) => r[0] === rows[0]?.org_id);
    expect(first?.[1]).toBe(tricky);
    expect(post?.body).toContain('"Smith, ""Jones"" & Co\nEurope"');
  });

  it('fails with the status the service answered', async () => {
    answerStatus = 503;
    try {
      await expect(runJob(uploadOrgsJob(h.deps))).rejects.toThrow(
        'The log-analytics service answered HTTP 503: collector is full',
      );
    } finally {
      answerStatus = 200;
    }
  });

  it('fails clearly without SUMO_URL', async () => {
    await expect(
      runJob(uploadOrgsJob({ ...h.deps, config: { SUMO_URL: undefined } })),
    ).rejects.toThrow('SUMO_URL is not configured.');
  });
});
