import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StubRoute } from '../../../testing/stubFetch';
import { makeJob, makeJobs } from '../testing/adminJobFixtures';
import { renderAdminScreen } from '../testing/renderAdminScreen';

vi.mock('../../../api/live', () => ({
  sendLiveMessage: vi.fn(),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn() }),
}));

const pathOf = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : input, 'http://localhost').pathname;

const running = makeJob({ id: 'job-7', name: 'Fetch All Data', type: 'fetch-all' });

async function clickCancel(cancelRoute: StubRoute) {
  const user = userEvent.setup();
  const rendered = renderAdminScreen({
    jobs: makeJobs({ jobs: [running] }),
    routes: { 'POST /api/admin/jobs/cancel': cancelRoute },
  });
  const card = await screen.findByTestId('job-card');
  const cancel = within(card).getByRole('button', { name: 'Cancel Job' });
  await waitFor(() => expect(cancel).toBeEnabled());
  await user.click(cancel);
  return { ...rendered, card };
}

describe('Cancel Job', () => {
  it("posts the job's id and shows the server's answer at once", async () => {
    let body: unknown;
    const { fetchMock, card } = await clickCancel((_url, init) => {
      body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      return { json: makeJobs({ jobs: [{ ...running, canceled: true }] }) };
    });

    await waitFor(() => expect(body).toEqual({ jobIds: ['job-7'] }));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => pathOf(url))).toEqual(['/api/admin/jobs/cancel']);
    expect(posts[0]?.[1]?.headers).toMatchObject({ 'X-Requested-With': 'pushboard' });
    // The answer replaced the cached jobs: the card now knows the job is canceled.
    expect(await within(card).findByText('(cancel requested)')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel Job' })).not.toBeInTheDocument();
    expect(screen.queryByText('Cancellation Failed')).not.toBeInTheDocument();
  });

  it("shows a red 'Cancellation Failed' toast with the server's message on a 403", async () => {
    const { card } = await clickCancel({
      status: 403,
      json: { message: 'Only operators may cancel jobs.', subject: 'Forbidden' },
    });

    const title = await screen.findByText('Cancellation Failed');
    expect(screen.getByText('Only operators may cancel jobs.')).toBeInTheDocument();
    expect(title.closest('.mantine-Notification-root')?.getAttribute('style')).toContain('red');
    // Nothing changed, so the job can still be canceled.
    expect(within(card).getByRole('button', { name: 'Cancel Job' })).toBeEnabled();
  });
});
