import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/renderWithProviders';
import { stubFetch } from '../testing/stubFetch';
import { TopMenu } from './TopMenu';
import { menuDensityFor } from './useMenuDensity';

const MENU_LABELS = [
  'Upgrades',
  'Packages',
  'Org Groups',
  'Orgs',
  'Licenses',
  'Connected Orgs',
  'Administration',
];

function renderTopMenu(width: number, route = '/') {
  window.innerWidth = width;
  stubFetch({
    'GET /oauth2/user': {
      json: {
        display_name: 'Ada Operator',
        username: 'ada@example.com',
        read_only: false,
        enforce_activation_policy: true,
        enable_sumo: false,
        auth_method: 'salesforce',
      },
    },
  });
  return renderWithProviders(<TopMenu />, { route });
}

describe('TopMenu', () => {
  it('shows the seven items with labels, in the documented order, and the search box at 1200 px and up', () => {
    renderTopMenu(1280);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(MENU_LABELS);
    expect(screen.getByPlaceholderText('Type / to find org')).toBeInTheDocument();
  });

  it('highlights the item a detail page belongs to', () => {
    renderTopMenu(1280, '/org/00D000000000001AAA');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Orgs' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Org Groups' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('highlights no item on the home page, / (it is none of the lists)', () => {
    renderTopMenu(1280, '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const link of within(nav).getAllByRole('link'))
      expect(link).not.toHaveAttribute('aria-current', 'page');
  });

  it('shows icons only (labels as accessible names) between 900 and 1199 px', () => {
    renderTopMenu(1000);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(MENU_LABELS);
    expect(links.every((link) => link.textContent === '')).toBe(true);
  });

  it('moves the items into a menu below 900 px', async () => {
    const user = userEvent.setup();
    renderTopMenu(800);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(MENU_LABELS);
  });

  it('re-evaluates the layout 100 ms after the last resize event', () => {
    renderTopMenu(1280);
    vi.useFakeTimers();

    window.innerWidth = 800;
    act(() => {
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(99);
    });
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it('collapses at exactly the documented breakpoints', () => {
    expect(menuDensityFor(1200)).toBe('labels');
    expect(menuDensityFor(1199)).toBe('icons');
    expect(menuDensityFor(900)).toBe('icons');
    expect(menuDensityFor(899)).toBe('compact');
  });
});
