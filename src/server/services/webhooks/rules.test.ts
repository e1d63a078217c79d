// The pure rules of webhooks: which URLs may receive them, the event list, the retry waits.
import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENTS,
  createWebhookBodySchema,
  webhookUrlProblem,
} from '../../../domain/api/webhooks';
import { RETRY_DELAYS_MS, nextRetryDelay } from './retry-schedule';

describe('webhook URLs', () => {
  it('accepts https anywhere and http only to this machine', () => {
    expect(webhookUrlProblem('https://hooks.example.com/p')).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook')).toBeNull();
    expect(webhookUrlProblem('http://localhost/hook')).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/p')).toBe(
      'Webhook URLs must use https:// (http:// only for localhost or 127.0.0.1).',
    );
    expect(webhookUrlProblem('http://127.0.0.1.example.com/p')).not.toBeNull();
    expect(webhookUrlProblem('ftp://localhost/p')).not.toBeNull();
    expect(webhookUrlProblem('not a url')).not.toBeNull();
    expect(webhookUrlProblem('https://user:pw@hooks.example.com/')).not.toBeNull();
  });

  it('names the url field when a body is refused', () => {
    const parsed = createWebhookBodySchema.safeParse({
      url: 'http://hooks.example.com/p',
      events: ['upgrade.scheduled'],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(['url']);
    const ok = createWebhookBodySchema.parse({
      url: 'https://h.example.com',
      events: WEBHOOK_EVENTS,
    });
    expect(ok.format).toBe('json');
  });
});

describe('retry waits', () => {
  it('grow 1, 5, 30 min, 2 h, 6 h and give up after about 24 h', () => {
    expect([1, 2, 3, 4, 5].map((n) => nextRetryDelay(n)! / 60_000)).toEqual([1, 5, 30, 120, 360]);
    const total = RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0) / 3600_000;
    expect(total).toBeGreaterThan(23);
    expect(total).toBeLessThan(25);
    expect(nextRetryDelay(RETRY_DELAYS_MS.length + 1)).toBeNull();
  });
});
