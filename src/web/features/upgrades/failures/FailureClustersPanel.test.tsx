// The Failures tab of Upgrade detail against stubbed answers (docs/product.md "Failure clusters"):
// the clusters with their errors, share and sample orgs; Retry this cluster asks, sends the key
// and opens the new upgrade; Blacklist these orgs sends the group and the reason; read-only users
// get no change buttons.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FailureClusters } from '../../../../domain/api/failure-clusters';
import type * as LiveModule from '../../../api/live';
import { listPage, makeUpgradeItem, makeUser } from '../../../testing/fixtures';
import { findToast } from '../../../testing/renderRoute';
import type { StubRoute } from '../../../testing/stubFetch';
import { renderUpgradeScreen } from '../testing/renderUpgradeScreen';
import { makeJob, makeUpgrade, makeUpgradeDetail } from '../testing/upgradeFixtures';
import { RETRY_CLUSTER_CONFIRM } from './FailureClustersPanel';

vi.mock('../../../api/live', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveModule>()),
  getLiveSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
}));

const CLUSTERS: FailureClusters = {
  failed: 7,
  cluster_count: 2,
  clusters: [
    {
      key: '0123456789abcdef',
      errors: [
        {
          type: 'DeployError',
          title: 'Package component failed to deploy',
          message: "Picklist value '…' conflicts (# rows)",
        },
      ],
      count: 5,
      share: 5 / 7,
      orgs: 5,
      sample_orgs: [
        { org_id: '00D000000000001EAA', name: 'Acme' },
        { org_id: '00D000000000002EAA', name: null },
      ],
      editions: [{ value: 'Enterprise Edition', count: 5 }],
      instances: [{ value: 'NA1', count: 5 }],
      first_seen: '2026-11-26T10:00:00.000Z',
      last_seen: '2026-11-26T11:00:00.000Z',
    },
    {
      key: 'fedcba9876543210',
      errors: [{ type: null, title: null, message: 'The simulator restarted at #' }],
      count: 2,
      share: 2 / 7,
      orgs: 2,
      sample_orgs: [],
      editions: [],
      instances: [],
      first_seen: null,
      last_seen: null,
    },
  ],
};

function renderFailures(routes: Record<string, StubRoute> = {}, user = makeUser()) {
  localStorage.clear();
  return renderUpgradeScreen({
    route: '/upgrade/7',
    user,
    routes: {
      'GET /api/upgrades/7': { json: makeUpgradeDetail({ status: 'Done', failed_job_count: 7 }) },
      'GET /api/upgrades': { json: [makeUpgrade()] },
      'GET /api/upgradeitems': { json: [makeUpgradeItem()] },
      'GET /api/upgrades/7/jobs': { json: listPage([makeJob()]) },
      'GET /api/upgrades/7/blacklist': { json: listPage([]) },
      'GET /api/upgrades/7/failure-clusters': { json: CLUSTERS },
      ...routes,
    },
  });
}

async function openTab() {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1 });
  await user.click(screen.getByRole('tab', { name: 'Failures' }));
  const rows = await screen.findAllByTestId('failure-cluster');
  return { user, rows };
}

describe('FailureClustersPanel', () => {
  it('shows each cluster with its error, share, sample orgs and what it affects', async () => {
    renderFailures();
    const { rows } = await openTab();
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('failure-clusters')).toHaveTextContent(
      '7 failed jobs in 2 clusters, grouped by error.',
    );
    const first = within(rows[0]!);
    expect(first.getByText('Package component failed to deploy')).toBeInTheDocument();
    expect(first.getByText('DeployError')).toBeInTheDocument();
    expect(first.getByText('71% of failures')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Acme' })).toHaveAttribute(
      'href',
      '/org/00D000000000001EAA',
    );
    expect(first.getByRole('link', { name: '00D000000000002EAA' })).toBeInTheDocument();
    expect(first.getByText('and 3 more')).toBeInTheDocument();
    expect(first.getByText('Editions: Enterprise Edition (5)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('The simulator restarted at #')).toBeInTheDocument();
  });

  it('retries one cluster after the confirmation and opens the new upgrade', async () => {
    let body: unknown;
    const { router } = renderFailures({
      'POST /api/upgrades/7/failure-clusters/retry': (_url, init) => {
        body = JSON.parse(init?.body as string);
        return { json: { id: 12, transid: 'retry-7-x' } };
      },
    });
    const { user, rows } = await openTab();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Retry this cluster' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(RETRY_CLUSTER_CONFIRM(5));
    expect(RETRY_CLUSTER_CONFIRM(5)).toBe(
      'Are you sure you want to retry this cluster? Only its 5 failed jobs will be rescheduled, as a new upgrade.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade/12'));
    expect(body).toEqual({ key: '0123456789abcdef' });
  });

  it('blacklists the orgs of a cluster into the chosen group, with a required reason', async () => {
    let body: unknown;
    renderFailures({
      'GET /api/orggroups': {
        json: [
          {
            id: 4,
            name: 'Known incompatibilities',
            type: 'Blacklist Group',
            description: null,
            created_date: null,
            created_by: null,
            member_count: 0,
          },
        ],
      },
      'POST /api/upgrades/7/failure-clusters/blacklist': (_url, init) => {
        body = JSON.parse(init?.body as string);
        return { json: { id: 4, name: 'Known incompatibilities', count: 5 } };
      },
    });
    const { user, rows } = await openTab();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Blacklist these orgs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blacklist these orgs' });
    await user.click(within(dialog).getByRole('button', { name: 'Blacklist' }));
    expect(await within(dialog).findByText('Say why these orgs are blacklisted.')).toBeVisible();
    expect(body).toBeUndefined();

    await user.click(within(dialog).getByRole('combobox', { name: /Blacklist Group/ }));
    await user.click(await screen.findByRole('option', { name: 'Known incompatibilities' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Multi-Currency off');
    await user.click(within(dialog).getByRole('button', { name: 'Blacklist' }));
    expect(await findToast('Orgs Blacklisted')).toBeInTheDocument();
    expect(body).toEqual({ key: '0123456789abcdef', groupId: 4, reason: 'Multi-Currency off' });
  });

  it('shows read-only users the clusters and Export, without Retry or Blacklist', async () => {
    renderFailures({}, makeUser({ read_only: true }));
    const { rows } = await openTab();
    const first = within(rows[0]!);
    expect(first.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Retry this cluster' })).not.toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Blacklist these orgs' })).not.toBeInTheDocument();
  });

  it('says so when no job failed', async () => {
    renderFailures({
      'GET /api/upgrades/7/failure-clusters': {
        json: { failed: 0, cluster_count: 0, clusters: [] },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('tab', { name: 'Failures' }));
    expect(await screen.findByTestId('failure-clusters-empty')).toHaveTextContent(
      'No job of this upgrade failed.',
    );
  });
});
