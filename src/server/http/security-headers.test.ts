// Browser hardening headers (docs/security.md "Browser protections") on every kind of response: the
// SPA's index.html, a static asset, API JSON (success and error) and the health probe. The
// Content-Security-Policy allows no inline or eval'd script, no plugins, no framing and no foreign
// <base>; the web app's index.html holds no inline script, so the policy does not break the app.
// Under FORCE_HTTPS: HSTS for a year with subdomains, http redirected to https, and a Secure
// session cookie; always HttpOnly and SameSite=Lax.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../db/test-database';
import type { AppInstance } from './app';
import { startTestApp } from './testing/test-app';
import { sessionHeaders } from './test-session';

const ADMIN_KEY = 'correct-horse-battery-staple';
const SOURCE_INDEX = join(process.cwd(), 'src/web/index.html');
const BUILT_INDEX = join(process.cwd(), 'dist/web/index.html');

/** The web app's index.html as Vite emits it: the built one when present, else the source. */
const indexHtml = existsSync(BUILT_INDEX)
  ? readFileSync(BUILT_INDEX, 'utf8')
  : readFileSync(SOURCE_INDEX, 'utf8');

const webDir = mkdtempSync(join(tmpdir(), 'pushboard-web-'));
mkdirSync(join(webDir, 'assets'));
writeFileSync(join(webDir, 'index.html'), indexHtml);
writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log("app");');

let testDb: TestDatabase;
let app: AppInstance;
let close: () => Promise<void>;
let secureApp: AppInstance;
let closeSecure: () => Promise<void>;

beforeAll(async () => {
  ({ app, testDb, close } = await startTestApp({
    env: { ADMIN_ACCESS_KEY: ADMIN_KEY },
    deps: { webDir },
  }));
  ({ app: secureApp, close: closeSecure } = await startTestApp({
    testDb,
    env: {
      ADMIN_ACCESS_KEY: ADMIN_KEY,
      FORCE_HTTPS: 'true',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://pushboard.example',
    },
    deps: { webDir },
  }));
});
afterAll(async () => {
  await closeSecure?.();
  await close?.();
});

/** The policy as directive → sources. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  const directives = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name)
    .map(([name, ...sources]): [string, string[]] => [name ?? '', sources]);
  return Object.fromEntries(directives);
}

/** Inline scripts and inline event handlers: what a script-src without 'unsafe-inline' blocks. */
function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [tag, attributes = '', body = ''] = match;
    if (!/\bsrc\s*=/.test(attributes) || body.trim()) found.push(tag);
  }
  for (const match of html.matchAll(/<[^>]+\son[a-z]+\s*=/gi)) found.push(match[0]);
  for (const match of html.matchAll(/javascript:/gi)) found.push(match[0]);
  return found;
}

describe('security headers on every response', () => {
  const responses = async () => {
    const headers = await sessionHeaders(testDb.db);
    return {
      page: await app.inject('/orgs'),
      asset: await app.inject('/assets/index-abc123.js'),
      api: await app.inject({ url: '/oauth2/settings' }),
      apiError: await app.inject('/api/orgs'),
      apiSignedIn: await app.inject({ url: '/api/search?term=x', headers }),
      health: await app.inject('/healthz'),
    };
  };

  it('serves the index page through the SPA fallback (the test covers the real page)', async () => {
    const { page } = await responses();
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(indexHtml);
  });

  it('forbids inline and eval script, plugins, framing and a foreign base', async () => {
    for (const [kind, response] of Object.entries(await responses())) {
      const policy = csp(response.headers['content-security-policy']);
      const scriptSources = [...(policy['script-src'] ?? []), ...(policy['default-src'] ?? [])];
      expect(policy['script-src'], kind).toEqual(["'self'"]);
      expect(scriptSources, kind).not.toContain("'unsafe-inline'");
      expect(scriptSources, kind).not.toContain("'unsafe-eval'");
      expect(policy['script-src-attr'], kind).toEqual(["'none'"]);
      expect(policy['frame-ancestors'], kind).toEqual(["'none'"]);
      expect(policy['object-src'], kind).toEqual(["'none'"]);
      expect(policy['base-uri'], kind).toEqual(["'self'"]);
      // Mantine's inline styles: 'unsafe-inline' for style-src and nowhere else.
      expect(policy['style-src'], kind).toEqual(["'self'", "'unsafe-inline'"]);
      for (const [directive, sources] of Object.entries(policy))
        if (directive !== 'style-src')
          expect(sources, `${kind} ${directive}`).not.toContain("'unsafe-inline'");
      expect(response.headers['x-frame-options'], kind).toBe('DENY');
      expect(response.headers['referrer-policy'], kind).toBe('no-referrer');
      expect(response.headers['x-content-type-options'], kind).toBe('nosniff');
      // No HSTS over plain http (a browser would then refuse http://localhost for a year).
      expect(response.headers['strict-transport-security'], kind).toBeUndefined();
    }
  });

  it("keeps the web app's index.html free of inline script, so the policy does not break it", () => {
    expect(inlineScripts(readFileSync(SOURCE_INDEX, 'utf8'))).toEqual([]);
    expect(inlineScripts(indexHtml)).toEqual([]);
    // The detector itself finds what the policy would block.
    expect(inlineScripts('<script>alert(1)</script><img src=x onerror="x()">')).toHaveLength(2);
  });
});

const cookieOf = (header: string | string[] | undefined) =>
  ([] as string[]).concat(header ?? []).find((c) => c.startsWith('pb_session=')) ?? '';

describe('cookies and HTTPS', () => {
  it('over http: HttpOnly and SameSite=Lax, not Secure', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth2/adminaccess',
      payload: { key: ADMIN_KEY },
      headers: { 'x-requested-with': 'pushboard' },
    });
    const cookie = cookieOf(res.headers['set-cookie']);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/; Secure/);
    expect(cookie).not.toMatch(/; Domain=/);
  });

  it('under FORCE_HTTPS: HSTS for a year with subdomains, and a Secure cookie', async () => {
    const res = await secureApp.inject({
      method: 'POST',
      url: '/oauth2/adminaccess',
      payload: { key: ADMIN_KEY },
      headers: {
        'x-forwarded-proto': 'https',
        host: 'pushboard.example',
        'x-requested-with': 'pushboard',
      },
    });
    expect(res.statusCode).toBe(200);
    const hsts = String(res.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toMatch(/includeSubDomains/);
    const cookie = cookieOf(res.headers['set-cookie']);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(csp(res.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
  });

  it('under FORCE_HTTPS: plain http is redirected to https (the probe excepted)', async () => {
    const res = await secureApp.inject({
      url: '/orgs?x=1',
      headers: { 'x-forwarded-proto': 'http', host: 'pushboard.example' },
    });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('https://pushboard.example/orgs?x=1');
    const probe = await secureApp.inject({
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(probe.statusCode).toBe(200);
  });

  it('under FORCE_HTTPS: redirects to PUBLIC_URL whatever host the request names', async () => {
    for (const headers of [
      { 'x-forwarded-proto': 'http', host: 'evil.example' },
      { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example' },
      {
        'x-forwarded-proto': 'http',
        host: 'pushboard.example',
        'x-forwarded-host': 'evil.example',
      },
    ]) {
      const res = await secureApp.inject({ url: '/orgs', headers });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('https://pushboard.example/orgs');
    }
  });
});
