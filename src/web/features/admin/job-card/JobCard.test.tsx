import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { stubFetch } from '../../../testing/stubFetch';
import { makeJob, makeUser, secondsAfterStart, type JobAnswer } from '../testing/adminJobFixtures';
import { adminJobSchema } from '../../../../domain';
import { JobCard } from './JobCard';

/** The text colour Mantine's `c` prop set inline, e.g. 'var(--mantine-color-red-text)'. */
function textColorOf(element: HTMLElement): string | undefined {
  return /(?:^|;)\s*color:\s*([^;]+)/.exec(element.getAttribute('style') ?? '')?.[1]?.trim();
}

function renderCard(overrides: Partial<JobAnswer> = {}) {
  stubFetch({ 'GET /oauth2/user': { json: makeUser() } });
  const job = adminJobSchema.parse(makeJob(overrides));
  renderWithProviders(<JobCard job={job} />);
  return screen.getByTestId('job-card');
}

describe('JobCard', () => {
  it('shows a running job: name, status, progress, message, duration, who started it', () => {
    const card = renderCard();

    expect(card).toHaveAttribute('data-job-type', 'fetch');
    expect(card).toHaveAttribute('data-job-status', 'Running');
    expect(within(card).getByText('Fetch Data')).toBeInTheDocument();
    expect(within(card).getByTestId('job-status')).toHaveTextContent('Running');
    const bar = within(card).getByRole('progressbar', { name: 'Progress of Fetch Data' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(within(card).getByTestId('job-message')).toHaveTextContent('Fetching licenses');
    expect(within(card).getByTestId('job-duration')).toHaveTextContent('100 seconds');
    expect(within(card).getByText('Started by ada@example.com')).toBeInTheDocument();
    expect(within(card).queryByText(/recurring every/)).not.toBeInTheDocument();
  });

  it('switches the duration to minutes above 100 s', () => {
    const card = renderCard({ modifiedDate: secondsAfterStart(101) });
    expect(within(card).getByTestId('job-duration')).toHaveTextContent('1.7 minutes');
  });

  it.each([
    ['Complete', 'green'],
    ['Running', 'red'],
    ['Queued', 'red'],
    ['Failed', 'red'],
    ['Cancelled', 'red'],
  ] as const)("shows status '%s' in %s", (status, color) => {
    const card = renderCard({ status });
    expect(textColorOf(within(card).getByTestId('job-status'))).toBe(
      `var(--mantine-color-${color}-text)`,
    );
  });

  it("shows a 'recurring every …' badge for a scheduled job, started by the schedule", () => {
    const card = renderCard({ interval: 15 * 60_000, startedBy: null });
    expect(within(card).getByText('recurring every 15 minutes')).toBeInTheDocument();
    expect(within(card).getByText('Started by the schedule')).toBeInTheDocument();
  });

  it('keeps errors collapsed until asked, and says where each stack is in a tooltip', async () => {
    const user = userEvent.setup();
    const card = renderCard({
      errors: [
        {
          message: 'INVALID_SESSION_ID',
          type: 'SalesforceError',
          timestamp: secondsAfterStart(5),
        },
        { message: 'Org 00D… unreachable', timestamp: secondsAfterStart(9) },
      ],
    });
    const toggle = within(card).getByRole('button', { name: 'Errors (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByText('INVALID_SESSION_ID')).not.toBeInTheDocument();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const lines = within(card).getAllByTestId('job-error');
    expect(lines.map((line) => line.textContent)).toEqual([
      'INVALID_SESSION_ID',
      'Org 00D… unreachable',
    ]);
    await user.hover(lines[0]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'SalesforceError: the stack trace is in the server log.',
    );

    await user.click(toggle);
    expect(within(card).queryByText('INVALID_SESSION_ID')).not.toBeInTheDocument();
  });

  it('shows no tooltip on an error line without a type', async () => {
    const user = userEvent.setup();
    const card = renderCard({
      errors: [{ message: 'Quota exceeded', timestamp: secondsAfterStart(5) }],
    });
    await user.click(within(card).getByRole('button', { name: 'Errors (1)' }));
    await user.hover(within(card).getByText('Quota exceeded'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('lists results with their mm:ss offset, message, error in red and details', async () => {
    const user = userEvent.setup();
    const card = renderCard({
      results: [
        { message: 'Fetched 120 licenses', timestamp: secondsAfterStart(65) },
        {
          message: 'Fetched subscribers',
          timestamp: secondsAfterStart(125),
          error: { message: 'Two orgs refused the query' },
          details: ['00D000000000001AAA: expired', '00D000000000002AAA: revoked'],
        },
      ],
    });
    expect(within(card).queryByText('Fetched 120 licenses')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Results (2)' }));

    const [first, second] = within(card).getAllByTestId('job-result');
    expect(within(first!).getByTestId('job-result-offset')).toHaveTextContent('01:05');
    expect(first).toHaveTextContent('Fetched 120 licenses');
    expect(within(first!).queryByTestId('job-result-error')).not.toBeInTheDocument();
    expect(within(second!).getByTestId('job-result-offset')).toHaveTextContent('02:05');
    const error = within(second!).getByTestId('job-result-error');
    expect(error).toHaveTextContent('Two orgs refused the query');
    expect(textColorOf(error)).toBe('var(--mantine-color-red-text)');
    expect(within(second!).getByText('00D000000000001AAA: expired')).toBeInTheDocument();
    expect(within(second!).getByText('00D000000000002AAA: revoked')).toBeInTheDocument();
  });

  it('hides the Errors and Results toggles when there is nothing to show', () => {
    const card = renderCard();
    expect(within(card).queryByRole('button', { name: /^Errors/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Results/ })).not.toBeInTheDocument();
  });
});

describe('JobCard Cancel Job', () => {
  it.each(['Running', 'Queued'] as const)(
    'is offered on a %s job before its last step',
    async (status) => {
      const card = renderCard({ status, stepIndex: 9, stepCount: 10 });
      const cancel = within(card).getByRole('button', { name: 'Cancel Job' });
      // Disabled until the (non-read-only) user has loaded, then enabled.
      await waitFor(() => expect(cancel).toBeEnabled());
    },
  );

  it('is hidden at the last step', () => {
    const card = renderCard({ stepIndex: 10, stepCount: 10 });
    expect(within(card).queryByRole('button', { name: 'Cancel Job' })).not.toBeInTheDocument();
  });

  it('is hidden once the job is canceled', () => {
    const card = renderCard({ canceled: true });
    expect(within(card).queryByRole('button', { name: 'Cancel Job' })).not.toBeInTheDocument();
    expect(within(card).getByText('(cancel requested)')).toBeInTheDocument();
  });

  it.each(['Complete', 'Failed', 'Cancelled'] as const)(
    'is hidden on a %s job in the history',
    (status) => {
      const card = renderCard({ status, stepIndex: 4 });
      expect(within(card).queryByRole('button', { name: 'Cancel Job' })).not.toBeInTheDocument();
    },
  );
});
