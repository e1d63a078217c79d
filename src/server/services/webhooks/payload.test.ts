// The Slack-compatible sentences of the events the groundwork did not word yet.
import { describe, expect, it } from 'vitest';
import { deliveryBody } from './payload';

const text = (body: string) => (JSON.parse(body) as { text: string }).text;

describe('Slack-compatible text', () => {
  it('says why a rollout halted, and what a test event is', () => {
    const halted = deliveryBody('slack', 'd-1', {
      event: 'rollout.halted',
      occurred_at: '2026-11-27T01:00:00.000Z',
      data: {
        upgrade_id: 12,
        description: 'Spring release',
        reason: 'Wave 2 failed on 7 of 120 orgs (5.8 %), over the 2 % threshold',
      },
    });
    expect(text(halted)).toBe(
      'Pushboard: the rollout of upgrade 12 "Spring release" halted: Wave 2 failed on 7 of 120 orgs (5.8 %), over the 2 % threshold',
    );
    const test = deliveryBody('slack', 'd-2', {
      event: 'webhook.test',
      occurred_at: '2026-11-27T01:00:00.000Z',
      data: {},
    });
    expect(text(test)).toBe('Pushboard: a test event from the Administration page.');
  });
});
