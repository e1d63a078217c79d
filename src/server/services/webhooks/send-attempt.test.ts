// One signed delivery attempt against a real local receiver (node:http on 127.0.0.1): the
// signature verifies with the documented algorithm and fails with a wrong secret, a 500 is a
// failed attempt with its answer kept, a slow receiver times out, a stopped one is no answer.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { deliveryBody } from './payload';
import { sendAttempt } from './send-attempt';
import { newWebhookSecret, verifySignature } from './signature';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server | undefined;

async function receiver(
  answer: (received: Received) => { status: number; body?: string; delayMs?: number },
): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const entry = { headers: request.headers, body };
      received.push(entry);
      const { status, body: text = '', delayMs = 0 } = answer(entry);
      setTimeout(() => response.writeHead(status).end(text), delayMs);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received };
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

const event = {
  event: 'upgrade.scheduled' as const,
  occurred_at: '2026-11-27T01:00:00.000Z',
  data: { upgrade_id: 12, description: 'Spring release' },
};

describe('sendAttempt', () => {
  it('delivers a signed body that verifies with the secret and not with another', async () => {
    const { url, received } = await receiver(() => ({ status: 204 }));
    const secret = newWebhookSecret();
    const body = deliveryBody('json', 'd-1', event);
    const result = await sendAttempt(
      { url, secret },
      { id: 'd-1', event: 'upgrade.scheduled', body },
    );
    expect(result).toEqual({ delivered: true, status: 204, excerpt: '' });
    const [got] = received;
    expect(got!.headers['pushboard-event']).toBe('upgrade.scheduled');
    expect(got!.headers['pushboard-delivery']).toBe('d-1');
    expect(JSON.parse(got!.body)).toEqual({ id: 'd-1', ...event });
    const signature = got!.headers['pushboard-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, signature, got!.body)).toBe(true);
    expect(verifySignature(newWebhookSecret(), signature, got!.body)).toBe(false);
    expect(verifySignature(secret, signature, `${got!.body} `)).toBe(false);
    // Outside the 5-minute replay window the same signature is refused.
    const t = Number(/t=(\d+)/.exec(signature)![1]);
    expect(verifySignature(secret, signature, got!.body, t + 301)).toBe(false);
    expect(verifySignature(secret, signature, got!.body, t + 299)).toBe(true);
  });

  it('counts a 500 as a failed attempt and keeps the first 1 000 characters of the answer', async () => {
    const { url } = await receiver(() => ({ status: 500, body: 'x'.repeat(1500) }));
    const result = await sendAttempt(
      { url, secret: newWebhookSecret() },
      { id: 'd-2', event: 'fetch.failed', body: '{}' },
    );
    expect(result.delivered).toBe(false);
    expect(result.status).toBe(500);
    expect(result.excerpt).toBe('x'.repeat(1000));
  });

  it('counts a receiver that does not answer in time as a failed attempt', async () => {
    const { url } = await receiver(() => ({ status: 200, delayMs: 2000 }));
    const result = await sendAttempt(
      { url, secret: newWebhookSecret() },
      { id: 'd-3', event: 'fetch.failed', body: '{}' },
      { timeoutMs: 200 },
    );
    expect(result).toEqual({ delivered: false, status: null, excerpt: 'No answer within 0.2 s.' });
  });

  it('counts a stopped receiver as a failed attempt, without throwing', async () => {
    const { url } = await receiver(() => ({ status: 200 }));
    server!.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const result = await sendAttempt(
      { url, secret: newWebhookSecret() },
      { id: 'd-4', event: 'fetch.failed', body: '{}' },
    );
    expect(result.delivered).toBe(false);
    expect(result.status).toBeNull();
    expect(result.excerpt).toMatch(/^No answer: /);
  });

  it('sends a Slack-compatible text when the endpoint asks for it', () => {
    expect(JSON.parse(deliveryBody('slack', 'd-5', event))).toEqual({
      text: 'Pushboard: upgrade 12 "Spring release" was scheduled.',
    });
  });
});
