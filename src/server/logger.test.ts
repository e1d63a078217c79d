// Structured log data is kept (weakness 38 in
// docs/architecture.md "Weaknesses of the console Pushboard replaces": that console's logger
// wrapper dropped the data argument of debug/info/warn, so most context never reached a line). Both
// of our loggers are checked on the lines they really write: the engine's JSON logger, and
// Fastify's pino logger with our options behind the real error handler.
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotFoundError } from './errors';
import { registerErrorHandler } from './http/error-handler';
import { createJobLogger } from './jobs/job-logger';
import { OneLinePerRequest } from './http/access-log';
import { loggerOptions } from './logger';

type Line = Record<string, unknown>;

function jobLogLines(level = 'info') {
  const lines: Line[] = [];
  const log = createJobLogger(level, (text) => lines.push(JSON.parse(text) as Line));
  return { log, lines };
}

describe('the job engine logger', () => {
  it('keeps the details object at every level, nested values included', () => {
    const { log, lines } = jobLogLines();
    const details = { jobId: 'j-1', type: 'fetch', counts: { orgs: 3, licenses: 12 }, ids: ['a'] };
    log.info(details, 'started');
    log.warn({ ...details, retry: 2 }, 'slow');
    log.error({ ...details, step: 'licenses' }, 'failed');
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'started', ...details }),
      expect.objectContaining({ level: 40, msg: 'slow', ...details, retry: 2 }),
      expect.objectContaining({ level: 50, msg: 'failed', ...details, step: 'licenses' }),
    ]);
    for (const line of lines) expect(line).toMatchObject({ pid: process.pid, name: 'jobs' });
  });

  it('writes an error as its type, message and stack, with secrets taken out', () => {
    const { log, lines } = jobLogLines();
    const error = new TypeError('refresh failed: access_token=00Dxx!AQ0abc.def refresh_token=5Aep');
    log.error({ err: error, jobId: 'j-2' }, 'the job runner failed');
    const err = lines[0]?.err as { type: string; message: string; stack: string };
    expect(lines[0]).toMatchObject({ jobId: 'j-2', msg: 'the job runner failed' });
    expect(err.type).toBe('TypeError');
    expect(err.message).toContain('refresh failed');
    expect(err.stack).toContain('logger.test.ts');
    expect(JSON.stringify(lines)).not.toMatch(/AQ0abc|5Aep/);
  });

  it('drops only the levels below the threshold', () => {
    const { log, lines } = jobLogLines('warn');
    log.info({ a: 1 }, 'quiet');
    log.warn({ b: 2 }, 'loud');
    expect(lines).toEqual([expect.objectContaining({ b: 2, msg: 'loud' })]);
  });
});

describe("Fastify's logger with our options", () => {
  async function appWithCapturedLog() {
    const lines: Line[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(JSON.parse(text) as Line);
        }
        done();
      },
    });
    const options = loggerOptions('debug');
    const app = Fastify({
      logger: { ...(options as object), stream },
      logController: new OneLinePerRequest(),
    });
    registerErrorHandler(app);
    app.get('/thing/:id', async (request) => {
      const { id } = z.object({ id: z.string() }).parse(request.params);
      request.log.debug({ thingId: id, filters: { status: 'Active' } }, 'looking up');
      request.log.info({ access_token: 'plain-access', detail: { refresh_token: 'plain-r' } }, 't');
      throw new NotFoundError(`No thing ${id}`);
    });
    await app.ready();
    return { app, lines };
  }

  it('keeps the data of debug and info lines, and what a rejected request was told', async () => {
    const { app, lines } = await appWithCapturedLog();
    const response = await app.inject({ url: '/thing/42?key=secret-key-value' });
    expect(response.statusCode).toBe(404);
    await app.close();
    expect(lines).toContainEqual(
      expect.objectContaining({ thingId: '42', filters: { status: 'Active' }, msg: 'looking up' }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ status: 404, message: 'No thing 42', msg: 'request rejected' }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ req: expect.objectContaining({ method: 'GET' }) as unknown }),
    );
  });

  it('redacts tokens and secret query parameters while keeping the rest of the line', async () => {
    const { app, lines } = await appWithCapturedLog();
    await app.inject({ url: '/thing/7?key=secret-key-value&page=2' });
    await app.close();
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/plain-access|plain-r|secret-key-value/);
    expect(lines).toContainEqual(
      expect.objectContaining({
        access_token: '[REDACTED]',
        detail: { refresh_token: '[REDACTED]' },
        msg: 't',
      }),
    );
    expect(text).toContain('page=2');
  });

  it('redacts a secret parameter however its name is spelled', async () => {
    const { app, lines } = await appWithCapturedLog();
    for (const name of ['k%65y', 'KEY', 'access%5Ftoken', 'code_verifier', '%ZZkey'])
      await app.inject({ url: `/thing/8?${name}=spelled-secret-value&page=4` });
    await app.close();
    const text = JSON.stringify(lines);
    expect(text).not.toContain('spelled-secret-value');
    expect(text).toContain('k%65y=[REDACTED]&page=4');
  });

  it('writes one access line per request, when it is answered, with the request in it', async () => {
    const { app, lines } = await appWithCapturedLog();
    await app.inject({ url: '/thing/9?key=secret-key-value&page=3' });
    await app.close();
    const access = lines.filter((line) => line.msg === 'request completed');
    expect(access).toEqual([
      expect.objectContaining({
        req: expect.objectContaining({
          method: 'GET',
          url: '/thing/9?key=[REDACTED]&page=3',
        }) as unknown,
        res: { statusCode: 404 },
        responseTime: expect.any(Number) as unknown,
      }),
    ]);
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });
});
