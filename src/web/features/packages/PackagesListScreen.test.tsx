import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makePackage, PACKAGE_ID, PACKAGE_ORG_ID } from '../../testing/fixtures';
import { renderRoute } from '../../testing/renderRoute';
import { PackagesListScreen } from './PackagesListScreen';

const core = makePackage();
const addon = makePackage({
  sfid: '0A3000000000002AAA',
  name: 'Pushboard Add-on',
  package_org_id: null,
  dependency_tier: 2,
});

function renderList(packages = [core, addon]) {
  return renderRoute(<PackagesListScreen />, {
    path: '/packages',
    at: '/packages',
    routes: { 'GET /api/packages': { json: packages } },
  });
}

async function rowOf(name: string) {
  const table = await screen.findByRole('table', { name: 'packages' });
  const row = (await within(table).findByRole('link', { name })).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

describe('PackagesListScreen', () => {
  it("is titled 'Packages' with how many there are", async () => {
    renderList();

    expect(screen.getByRole('heading', { level: 1, name: 'Packages' })).toBeInTheDocument();
    expect(await screen.findByTestId('list-total')).toHaveTextContent('2');
  });

  it('shows the columns Name, ID, Packaging Org ID, Packaging ID, Tier and Status', async () => {
    renderList();

    const table = await screen.findByRole('table', { name: 'packages' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent.trim())
      .filter((text) => text !== '');
    expect(headers).toEqual(['Name', 'ID', 'Packaging Org ID', 'Packaging ID', 'Tier', 'Status']);
  });

  it('opens the package from its name and the packaging org from its id', async () => {
    renderList();

    const row = await rowOf('Pushboard Core');
    expect(row.getByRole('link', { name: 'Pushboard Core' })).toHaveAttribute(
      'href',
      `/package/${PACKAGE_ID}`,
    );
    expect(row.getByRole('link', { name: PACKAGE_ORG_ID })).toHaveAttribute(
      'href',
      `/packageorg/${PACKAGE_ORG_ID}`,
    );
    expect(row.getByRole('link', { name: '033000000000001AAA' })).toHaveAttribute(
      'href',
      `/package/${PACKAGE_ID}`,
    );
  });

  it('lists the packages lowest tier first', async () => {
    renderList([addon, core]);

    const table = await screen.findByRole('table', { name: 'packages' });
    await within(table).findByRole('link', { name: 'Pushboard Core' });
    const names = within(table)
      .getAllByRole('row')
      .slice(2)
      .map((row) => row.querySelector('td')?.textContent);
    expect(names).toEqual(['Pushboard Core', 'Pushboard Add-on']);
  });

  it('says so when there are no packages yet', async () => {
    renderList([]);

    expect(await screen.findByText('No rows')).toBeInTheDocument();
    expect(screen.getByTestId('list-total')).toHaveTextContent('0');
  });
});
