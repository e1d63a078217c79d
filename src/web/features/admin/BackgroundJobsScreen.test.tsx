import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Invalidation } from '../../../domain';
import { useLiveInvalidation, type LiveSubscribe } from '../../api/live';
import type * as LiveModule from '../../api/live';
import { makeJob, makeJobs } from './testing/adminJobFixtures';
import { renderAdminScreen } from './testing/renderAdminScreen';

// The real event → query mapping stays; only the socket is replaced, since no server listens.
vi.mock('../../api/live', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveModule>()),
  sendLiveMessage: vi.fn(),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn() }),
}));

const SECTIONS = [
  ['admin-section-active', 'Active Jobs', 'No active jobs'],
  ['admin-section-queue', 'Queue', 'No queued jobs'],
  ['admin-section-recent', 'Recent Jobs', 'No job history'],
  ['admin-section-history', 'All History', 'No job history'],
] as const;

const busyJobs = makeJobs({
  jobs: [makeJob({ id: 'run-1', type: 'fetch', name: 'Fetch Data' })],
  queue: [makeJob({ id: 'q-1', type: 'upload-orgs', name: 'Upload Orgs', status: 'Queued' })],
  history: {
    latest: [makeJob({ id: 'h-1', type: 'fetch-all', name: 'Fetch All Data', status: 'Failed' })],
    all: [
      makeJob({ id: 'h-1', type: 'fetch-all', name: 'Fetch All Data', status: 'Failed' }),
      makeJob({ id: 'h-2', type: 'fetch', name: 'Fetch Data', status: 'Complete' }),
    ],
  },
});

function cardsIn(testId: string) {
  return within(screen.getByTestId(testId))
    .queryAllByTestId('job-card')
    .map((card) => `${card.dataset.jobType}:${card.dataset.jobStatus}`);
}

describe('BackgroundJobsScreen', () => {
  it("is titled 'Background Jobs' and says so when every section is empty", async () => {
    renderAdminScreen();

    expect(screen.getByRole('heading', { level: 1, name: 'Background Jobs' })).toBeInTheDocument();
    for (const [testId, title, emptyText] of SECTIONS) {
      const section = await screen.findByTestId(testId);
      expect(within(section).getByRole('heading', { name: title })).toBeInTheDocument();
      expect(section).toHaveTextContent(emptyText);
      expect(within(section).queryByTestId('job-card')).not.toBeInTheDocument();
    }
  });

  it('puts running, queued, latest and all jobs each in their own section', async () => {
    renderAdminScreen({ jobs: busyJobs });

    await screen.findByTestId('admin-section-active');
    expect(cardsIn('admin-section-active')).toEqual(['fetch:Running']);
    expect(cardsIn('admin-section-queue')).toEqual(['upload-orgs:Queued']);
    expect(cardsIn('admin-section-recent')).toEqual(['fetch-all:Failed']);
    expect(cardsIn('admin-section-history')).toEqual(['fetch-all:Failed', 'fetch:Complete']);
    expect(screen.queryByText('No active jobs')).not.toBeInTheDocument();
    expect(screen.queryByText('No job history')).not.toBeInTheDocument();
  });

  it("refetches when the live channel says 'job-queue' changed", async () => {
    const listeners = new Map<string, (payload: Invalidation) => void>();
    const subscribe: LiveSubscribe = (event, listener) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    };
    // The Layout mounts the live invalidation beside every screen; this stands in for it.
    function LiveChannel() {
      useLiveInvalidation(subscribe);
      return null;
    }
    let answer = makeJobs();
    renderAdminScreen({ jobs: () => ({ json: answer }), alongside: <LiveChannel /> });
    expect(await screen.findByText('No queued jobs')).toBeInTheDocument();

    answer = makeJobs({ queue: [makeJob({ type: 'upload-orgs', status: 'Queued' })] });
    act(() => listeners.get('job-queue')?.({}));

    await waitFor(() => expect(cardsIn('admin-section-queue')).toEqual(['upload-orgs:Queued']));
    expect(screen.queryByText('No queued jobs')).not.toBeInTheDocument();
  });

  it('says what is wrong when the server answers something it cannot read', async () => {
    renderAdminScreen({ jobs: { jobs: [], queue: [] } as unknown as ReturnType<typeof makeJobs> });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the background jobs');
    expect(alert).toHaveTextContent('at history');
    expect(screen.queryByTestId('admin-section-active')).not.toBeInTheDocument();
  });
});

function sectionsPerColumn() {
  return screen
    .getAllByTestId('admin-column')
    .map((column) =>
      [...column.querySelectorAll('[data-testid^="admin-section-"]')].map((section) =>
        section.getAttribute('data-testid'),
      ),
    );
}

describe('BackgroundJobsScreen layout', () => {
  it('shows the work in progress beside the history at 1000 px and wider', async () => {
    renderAdminScreen({ width: 1000 });
    await screen.findByTestId('admin-section-active');
    expect(sectionsPerColumn()).toEqual([
      ['admin-section-active', 'admin-section-queue'],
      ['admin-section-recent', 'admin-section-history'],
    ]);
  });

  it('stacks the four sections in one column below 1000 px', async () => {
    renderAdminScreen({ width: 999 });
    await screen.findByTestId('admin-section-active');
    expect(sectionsPerColumn()).toEqual([
      [
        'admin-section-active',
        'admin-section-queue',
        'admin-section-recent',
        'admin-section-history',
      ],
    ]);
  });

  it('re-evaluates the layout 200 ms after the last resize event', async () => {
    renderAdminScreen({ width: 1280 });
    await screen.findByTestId('admin-section-active');
    vi.useFakeTimers();

    window.innerWidth = 800;
    act(() => {
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(150);
      // A second resize restarts the wait.
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(199);
    });
    expect(sectionsPerColumn()).toHaveLength(2);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(sectionsPerColumn()).toHaveLength(1);
  });
});
