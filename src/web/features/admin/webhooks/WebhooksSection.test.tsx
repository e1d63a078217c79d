// The Webhooks tab of the Administration page: an admin access key session adds an endpoint
// (URL checked before sending, events by their labels, JSON or Slack) and sees its secret once;
// deliveries show status, code, answer and attempts; other users see why it is not theirs.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookDelivery, WebhookEndpoint } from '../../../../domain';
import type * as LiveModule from '../../../api/live';
import { makeUser } from '../testing/adminJobFixtures';
import { renderAdminScreen } from '../testing/renderAdminScreen';

vi.mock('../../../api/live', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveModule>()),
  sendLiveMessage: vi.fn(),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn() }),
}));

const admin = { ...makeUser(), auth_method: 'admin-key', username: 'admin-key' };

const endpoint: WebhookEndpoint = {
  id: 3,
  url: 'https://hooks.example.com/pushboard',
  events: ['upgrade.completed', 'fetch.failed'],
  format: 'json',
  secret_hint: 'whsec_Qm4x',
  created_by: 'admin-key',
  created_at: '2026-11-27T09:00:00.000Z',
  secret_rotated_at: null,
  disabled_at: null,
  disabled_by: null,
};

const delivery: WebhookDelivery = {
  id: '5d0c7a4e-8d7e-4b53-9a59-2f1f0f5d9c11',
  endpoint_id: 3,
  endpoint_url: endpoint.url,
  event: 'fetch.failed',
  status: 'failed',
  attempts: 8,
  next_attempt_at: null,
  last_status_code: 503,
  last_answer: 'Service Unavailable',
  last_attempt_at: '2026-11-27T09:06:00.000Z',
  created_at: '2026-11-27T09:00:00.000Z',
  payload: { event: 'fetch.failed', occurred_at: '2026-11-27T09:00:00.000Z', data: {} },
};

async function openTab() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
  return user;
}

describe('Webhooks tab', { timeout: 20_000 }, () => {
  it('adds an endpoint and shows its secret once', async () => {
    const created: unknown[] = [];
    renderAdminScreen({
      user: admin,
      routes: {
        'GET /api/admin/webhooks': { json: [endpoint] },
        'GET /api/admin/webhooks/deliveries': { json: { rows: [delivery], total: 1 } },
        'POST /api/admin/webhooks': (_url, init) => {
          created.push(JSON.parse(init?.body as string));
          return { json: { ...endpoint, id: 4, secret: 'whsec_Qm4xSECRET' } };
        },
      },
    });
    const user = await openTab();
    const endpoints = await screen.findByTestId('webhook-endpoints');
    expect(within(endpoints).getByText('Upgrade completed, Fetch failed')).toBeTruthy();
    const deliveries = await screen.findByTestId('webhook-deliveries');
    expect(within(deliveries).getByText('503')).toBeTruthy();
    expect(within(deliveries).getByText('Service Unavailable')).toBeTruthy();
    expect(within(deliveries).getByText('failed')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.type(within(dialog).getByLabelText(/URL/), 'http://hooks.example.com/p');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(
      within(dialog).getByText(
        'Webhook URLs must use https:// (http:// only for localhost or 127.0.0.1).',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one event')).toBeTruthy();
    expect(created).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/URL/));
    await user.type(within(dialog).getByLabelText(/URL/), 'https://hooks.example.com/p');
    await user.click(within(dialog).getByLabelText('Upgrade completed with failures'));
    await user.click(within(dialog).getByText('Slack'));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_Qm4xSECRET');
    expect(
      screen.getByText('This is the only time the secret is shown. Copy it now.'),
    ).toBeTruthy();
    expect(created).toEqual([
      {
        url: 'https://hooks.example.com/p',
        events: ['upgrade.completed_with_failures'],
        format: 'slack',
      },
    ]);
  });

  it('tells other users that only an admin access key session manages webhooks', async () => {
    renderAdminScreen({ user: makeUser() });
    await openTab();
    expect(
      await screen.findByText(/Only an admin access key session may manage webhooks/),
    ).toBeTruthy();
  });
});
