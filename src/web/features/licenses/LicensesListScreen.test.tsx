import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DOES_NOT_EXPIRE, LICENSE_LIST } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { calledUrls } from '../../testing/stubFetch';
import {
  listPage,
  LMA_ORG_ID,
  makeLicense,
  makeUser,
  PACKAGE_ID,
  VERSION_ID,
} from '../../testing/fixtures';
import { renderRoute } from '../../testing/renderRoute';
import { LicensesListScreen } from './LicensesListScreen';

const licensed = makeLicense();
const perpetual = makeLicense({ sfid: 'a0L000000000002AAA', name: 'L-000002', expiration: null });

function renderList(total = 2, estimate = false) {
  return renderRoute(<LicensesListScreen />, {
    path: '/licenses',
    at: '/licenses',
    routes: { 'GET /api/licenses': { json: listPage([licensed, perpetual], total, estimate) } },
  });
}

async function rowOf(name: string) {
  const table = await screen.findByRole('table', { name: 'licenses' });
  const cell = await within(table).findByRole('link', { name });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

describe('LicensesListScreen', () => {
  it("is titled 'Licenses' with the total of all licenses", async () => {
    renderList(1234);

    expect(screen.getByRole('heading', { level: 1, name: 'Licenses' })).toBeInTheDocument();
    expect(await screen.findByTestId('list-total')).toHaveTextContent('1,234');
  });

  it('says the total is an estimate when the server only estimated it', async () => {
    renderList(1_200_000, true);

    expect(await screen.findByTestId('list-total')).toHaveTextContent('about 1,200,000');
  });

  it('shows every documented column of the Licenses list, in order', async () => {
    renderList();

    const table = await screen.findByRole('table', { name: 'licenses' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent.trim())
      .filter((text) => text !== '');
    expect(headers).toEqual(LICENSE_LIST.columns.map((column) => column.label));
    expect(headers).toEqual([
      'Name',
      'Account',
      'Package',
      'Version Number',
      'Status',
      'License Org',
      'Last Modified',
      'Installed On',
      'Expiration',
    ]);
  });

  it('asks the server for one page, sorted by the default sort', async () => {
    const { fetchMock } = renderList();

    await rowOf('L-000001');
    const pageCall = calledUrls(fetchMock).find(
      (url) => url.pathname === '/api/licenses' && url.searchParams.get('pageSize') === '25',
    );
    expect(pageCall?.searchParams.get('page')).toBe('1');
    expect(pageCall?.searchParams.get('sort_field')).toBe('modified_date');
    expect(pageCall?.searchParams.get('sort_dir')).toBe('desc');
  });

  it('links each cell to what it names', async () => {
    renderList();

    const row = await rowOf('L-000001');
    expect(row.getByRole('link', { name: 'L-000001' })).toHaveAttribute(
      'href',
      '/license/a0L000000000001AAA',
    );
    expect(row.getByRole('link', { name: 'Acme Corp' })).toHaveAttribute(
      'href',
      '/license/a0L000000000001AAA',
    );
    expect(row.getByRole('link', { name: 'Pushboard Core' })).toHaveAttribute(
      'href',
      `/package/${PACKAGE_ID}`,
    );
    expect(row.getByRole('link', { name: '1.2.0' })).toHaveAttribute(
      'href',
      `/packageversion/${VERSION_ID}`,
    );
    expect(row.getByRole('link', { name: 'Main LMA' })).toHaveAttribute(
      'href',
      `/packageorg/${LMA_ORG_ID}`,
    );
  });

  it(`shows '${DOES_NOT_EXPIRE}' when a license has no expiration`, async () => {
    renderList();

    expect((await rowOf('L-000001')).getByRole('link', { name: '2025-12-31' })).toBeInTheDocument();
    expect(
      (await rowOf('L-000002')).getByRole('link', { name: DOES_NOT_EXPIRE }),
    ).toBeInTheDocument();
  });

  it('leaves a cell unlinked when the license does not know its package', async () => {
    renderRoute(<LicensesListScreen />, {
      path: '/licenses',
      at: '/licenses',
      routes: {
        'GET /api/licenses': {
          json: listPage([makeLicense({ package_id: null, package_name: 'Orphan Pkg' })]),
        },
      },
    });

    const row = await rowOf('L-000001');
    expect(row.getByText('Orphan Pkg').closest('a')).toBeNull();
  });

  it('offers to save a filter to an operator, but not to a read-only user', async () => {
    const first = renderList();
    expect(await screen.findByRole('button', { name: 'Save Filter' })).toBeInTheDocument();
    first.unmount();
    sessionStorage.clear();

    const { queryClient } = renderRoute(<LicensesListScreen />, {
      path: '/licenses',
      at: '/licenses',
      routes: {
        'GET /oauth2/user': { json: makeUser({ read_only: true }) },
        'GET /api/licenses': { json: listPage([licensed]) },
      },
    });
    await rowOf('L-000001');
    // Until the user has loaded everyone is read-only; wait for the answer that says so.
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.currentUser)).toMatchObject({ read_only: true }),
    );
    expect(screen.queryByRole('button', { name: 'Save Filter' })).not.toBeInTheDocument();
  });
});
