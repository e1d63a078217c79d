import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOES_NOT_EXPIRE } from '../../../domain';
import { makeLicense, ORG_ID, PACKAGE_ID, VERSION_ID } from '../../testing/fixtures';
import { findToast, renderRoute } from '../../testing/renderRoute';
import { LicenseDetailScreen } from './LicenseDetailScreen';

const LICENSE_PATH = '/api/licenses/a0L000000000001AAA';

function renderDetail(answer: Parameters<typeof renderRoute>[1]['routes'] = {}) {
  return renderRoute(<LicenseDetailScreen />, {
    path: '/license/:licenseId',
    at: '/license/a0L000000000001AAA',
    from: '/orgs?from=history',
    routes: answer,
  });
}

function field(label: string) {
  const labels = screen.getAllByText(label, { selector: 'p' });
  return labels.map((element) => element.nextElementSibling);
}

describe('LicenseDetailScreen', () => {
  it('shows the license in the header: name, version, status and install date', async () => {
    renderDetail({ [`GET ${LICENSE_PATH}`]: { json: makeLicense() } });

    expect(await screen.findByRole('heading', { level: 1, name: 'L-000001' })).toBeInTheDocument();
    expect(field('Status')[0]).toHaveTextContent('Active');
    expect(field('Version Name')[0]).toHaveTextContent('Spring');
    expect(field('Version Number')[0]).toHaveTextContent('1.2.0');
    expect(field('Date Installed')[0]?.textContent).toMatch(/^2024-04-01 \d\d:30 [ap]m$/);
    expect(screen.getByRole('link', { name: 'Licenses' })).toHaveAttribute('href', '/licenses');
  });

  it('shows the body fields, with the org and both version fields as links', async () => {
    renderDetail({ [`GET ${LICENSE_PATH}`]: { json: makeLicense() } });

    await screen.findByRole('heading', { level: 1, name: 'L-000001' });
    expect(field('Account')[0]).toHaveTextContent('Acme Corp');
    expect(field('Used Licenses')[0]).toHaveTextContent('42');
    expect(field('Instance')[0]).toHaveTextContent('NA42');
    expect(field('Expiration')[0]).toHaveTextContent('2025-12-31');
    expect(screen.getByRole('link', { name: ORG_ID })).toHaveAttribute('href', `/org/${ORG_ID}`);
    expect(screen.getByRole('link', { name: 'Spring' })).toHaveAttribute(
      'href',
      `/packageversion/${VERSION_ID}`,
    );
    expect(screen.getByRole('link', { name: '1.2.0' })).toHaveAttribute(
      'href',
      `/packageversion/${VERSION_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Pushboard Core' })).toHaveAttribute(
      'href',
      `/package/${PACKAGE_ID}`,
    );
  });

  it(`says '${DOES_NOT_EXPIRE}' when the license has no expiration`, async () => {
    renderDetail({ [`GET ${LICENSE_PATH}`]: { json: makeLicense({ expiration: null }) } });

    await screen.findByRole('heading', { level: 1, name: 'L-000001' });
    expect(field('Expiration')[0]).toHaveTextContent(DOES_NOT_EXPIRE);
  });

  it("raises 'Failed Request' with the server's subject, and a click goes back in history", async () => {
    const user = userEvent.setup();
    const { router } = renderDetail({
      [`GET ${LICENSE_PATH}`]: {
        status: 404,
        json: { message: 'No license a0L000000000001AAA', subject: 'License Not Found' },
      },
    });

    const toast = await findToast('License Not Found');
    expect(toast).toHaveTextContent('No license a0L000000000001AAA');
    // The page itself says why it is empty once the toast has gone.
    const page = screen.getByTestId('screen-license');
    expect(within(page).getByText('No license a0L000000000001AAA')).toBeInTheDocument();

    await user.click(within(toast).getByText('No license a0L000000000001AAA'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orgs'));
    expect(router.state.location.search).toBe('?from=history');
  });

  it('names the loader while the license is on its way', async () => {
    renderRoute(<LicenseDetailScreen />, {
      path: '/license/:licenseId',
      at: '/license/a0L000000000001AAA',
      routes: { [`GET ${LICENSE_PATH}`]: () => ({ json: makeLicense() }) },
    });

    expect(screen.getByLabelText('Loading license')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'L-000001' })).toBeInTheDocument();
  });
});
