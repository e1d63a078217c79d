// Cache-Control, Content-Encoding and Vary of what the server sends, over real HTTP: a hashed
// asset, index.html (asked for by name and as a client route), an unhashed file and an API answer.
// The web folder holds what `npm run build` writes: each file with its .br and .gz copies.
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CACHE_CONTROL, HASHED_CACHE_CONTROL, UNHASHED_CACHE_CONTROL } from './caching';
import { listenLocally } from './testing/listen-locally';
import { startTestApp, type TestApp } from './testing/test-app';
import { sessionHeaders } from './test-session';

const ASSET = '/assets/index-Bx7kQ2aZ.js';
const ASSET_TEXT = `export const rows = [${'"a row of the orgs table",'.repeat(400)}];\n`;
const INDEX_TEXT = `<!doctype html><html><head><title>Pushboard</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(30)}</head><body><div id="root"></div></body></html>`;
const FAVICON_TEXT = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1z"/>'.repeat(80)}</svg>`;
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const webDir = mkdtempSync(join(tmpdir(), 'pushboard-web-'));

/** A file as the build leaves it: the file, its brotli copy and its gzip copy. */
function writeBuilt(path: string, text: string) {
  const file = join(webDir, path);
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

mkdirSync(join(webDir, 'assets'));
writeBuilt(ASSET, ASSET_TEXT);
writeBuilt('/index.html', INDEX_TEXT);
writeBuilt('/favicon.svg', FAVICON_TEXT);

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it came over the wire, still encoded. */
  body: Buffer;
}

/** A GET over a socket that leaves the body as sent (fetch would decode it). */
function get(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

function varies(answer: RawAnswer): string[] {
  return String(answer.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
}

let testApp: TestApp;
let base: string;
let session: Record<string, string>;

beforeAll(async () => {
  testApp = await startTestApp({ deps: { webDir } });
  ({ url: base } = await listenLocally(testApp.app));
  session = await sessionHeaders(testApp.testDb.db);
  // Enough orgs that the first page is worth compressing.
  await testApp.testDb.db.query(
    `INSERT INTO org (org_id, name)
     SELECT '00D' || lpad(i::text, 12, '0') || 'AAA', 'Caching test org number ' || i
     FROM generate_series(1, 60) AS i`,
  );
});

afterAll(async () => {
  await testApp?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('a hashed asset', () => {
  it('is sent as the brotli copy to a browser that accepts it, cached for a year', async () => {
    const answer = await get(`${base}${ASSET}`, { 'accept-encoding': BROWSER_ENCODINGS });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe(HASHED_CACHE_CONTROL);
    expect(varies(answer)).toContain('accept-encoding');
    // The build's copy itself: nothing was compressed for this request.
    expect(answer.body).toEqual(readFileSync(join(webDir, `${ASSET}.br`)));
    expect(decoded(answer)).toBe(ASSET_TEXT);
  });

  it('is sent as the gzip copy to a client that accepts only gzip', async () => {
    const answer = await get(`${base}${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe(HASHED_CACHE_CONTROL);
    expect(varies(answer)).toContain('accept-encoding');
    expect(answer.body).toEqual(readFileSync(join(webDir, `${ASSET}.gz`)));
  });

  it('is sent as is to a client that accepts no encoding, still varying on it', async () => {
    const answer = await get(`${base}${ASSET}`);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe(HASHED_CACHE_CONTROL);
    expect(varies(answer)).toContain('accept-encoding');
    expect(answer.body.toString()).toBe(ASSET_TEXT);
  });

  it('its compressed copies have no address of their own', async () => {
    const answer = await get(`${base}${ASSET}.br`, { 'accept-encoding': BROWSER_ENCODINGS });
    expect(answer.status).toBe(404);
  });
});

describe('index.html', () => {
  it.each(['/orgs', '/', '/index.html'])(
    'at %s is revalidated on every use and sent compressed',
    async (path) => {
      const answer = await get(`${base}${path}`, {
        accept: 'text/html',
        'accept-encoding': BROWSER_ENCODINGS,
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(answer.headers['cache-control']).toBe(UNHASHED_CACHE_CONTROL);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(varies(answer)).toContain('accept-encoding');
      expect(answer.body).toEqual(readFileSync(join(webDir, 'index.html.br')));
      expect(decoded(answer)).toBe(INDEX_TEXT);
    },
  );

  it('answers 304 when the copy the browser holds is current', async () => {
    const headers = { accept: 'text/html', 'accept-encoding': BROWSER_ENCODINGS };
    const first = await get(`${base}/orgs`, headers);
    expect(first.headers.etag).toBeDefined();
    const again = await get(`${base}/orgs`, {
      ...headers,
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

describe('an unhashed file', () => {
  it('is revalidated on every use', async () => {
    const answer = await get(`${base}/favicon.svg`, { 'accept-encoding': BROWSER_ENCODINGS });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(UNHASHED_CACHE_CONTROL);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(decoded(answer)).toBe(FAVICON_TEXT);
  });
});

describe('an API answer', () => {
  it('is compressed as the browser accepts, varies on it, and is never stored', async () => {
    for (const [accepted, encoding] of [
      [BROWSER_ENCODINGS, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await get(`${base}/api/orgs?page=1&pageSize=50`, {
        cookie: session.cookie ?? '',
        'accept-encoding': accepted,
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/application\/json/);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['cache-control']).toBe(API_CACHE_CONTROL);
      expect(varies(answer)).toContain('accept-encoding');
      const page = JSON.parse(decoded(answer)) as { rows: unknown[] };
      expect(page.rows).toHaveLength(50);
    }
  });

  it('is sent as is to a client that accepts no encoding', async () => {
    const answer = await get(`${base}/api/orgs?page=1&pageSize=50`, {
      cookie: session.cookie ?? '',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe(API_CACHE_CONTROL);
    expect((JSON.parse(answer.body.toString()) as { rows: unknown[] }).rows).toHaveLength(50);
  });
});

describe('the session', () => {
  /** The SQL the app sends while `run` runs. */
  async function queriesDuring(run: () => Promise<unknown>): Promise<string[]> {
    const db = testApp.testDb.db;
    const query = db.query.bind(db);
    const sent: string[] = [];
    db.query = ((text: string, ...rest: unknown[]) => {
      sent.push(text);
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof db.query;
    try {
      await run();
    } finally {
      db.query = query;
    }
    return sent;
  }

  it("is not read for the web app's files and page, which are the same for everyone", async () => {
    const cookie = session.cookie ?? '';
    const sent = await queriesDuring(async () => {
      for (const path of [ASSET, '/index.html', '/orgs', '/favicon.svg']) {
        expect((await get(`${base}${path}`, { cookie })).status).toBe(200);
      }
    });
    expect(sent).toEqual([]);
  });

  it('is read for an API answer', async () => {
    const sent = await queriesDuring(() =>
      get(`${base}/api/orgs?page=1&pageSize=5`, { cookie: session.cookie ?? '' }),
    );
    expect(sent.some((text) => /\bsession\b/.test(text))).toBe(true);
  });
});
