import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResult } from '../../domain';
import { renderWithProviders } from '../testing/renderWithProviders';
import { calledUrls, stubFetch } from '../testing/stubFetch';
import { GlobalSearch } from './GlobalSearch';

const SLOW = { timeout: 20_000 };
const PLACEHOLDER = 'Type / to find org';

const ACME_RESULTS: SearchResult[] = [
  // The server's order mixes kinds; the dropdown groups them.
  { type: 'license', id: 'a0B000000000001AAA', title: 'L-000123', detail: 'Acme Corp · Billing' },
  { type: 'org', id: '00D000000000001EAA', title: 'Acme Production', detail: '00D000000000001EAA' },
  { type: 'group', id: '7', title: 'Acme pilots', detail: 'Upgrade Group' },
  { type: 'org', id: '00D000000000002EAA', title: 'Acme Sandbox', detail: '00D000000000002EAA' },
];

function stubSearch() {
  return stubFetch({
    'GET /api/search': (url) => ({
      json: url.searchParams.get('term') === 'acme' ? ACME_RESULTS : [],
    }),
  });
}

function renderSearchBesideAnotherField() {
  return renderWithProviders(
    <div>
      <label>
        Notes
        <input />
      </label>
      <div contentEditable suppressContentEditableWarning aria-label="Editor" role="textbox" />
      <button type="button">Elsewhere</button>
      <GlobalSearch compact={false} />
    </div>,
  );
}

async function typeTerm(term: string) {
  const user = userEvent.setup();
  const rendered = renderSearchBesideAnotherField();
  const search = screen.getByPlaceholderText(PLACEHOLDER);
  await user.type(search, term);
  return { ...rendered, user, search };
}

const optionTitles = () =>
  screen.getAllByRole('option').map((option) => option.querySelector('p')?.textContent);

describe('GlobalSearch', () => {
  it("focuses the search box when '/' is pressed, without typing the slash", async () => {
    const user = userEvent.setup();
    renderSearchBesideAnotherField();
    const search = screen.getByPlaceholderText(PLACEHOLDER);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(search).not.toHaveFocus();

    await user.keyboard('/');

    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
  });

  it("leaves a '/' typed into another input where it belongs", async () => {
    const user = userEvent.setup();
    renderSearchBesideAnotherField();
    const notes = screen.getByLabelText('Notes');

    await user.type(notes, 'a/b');

    expect(notes).toHaveFocus();
    expect(notes).toHaveValue('a/b');
    expect(screen.getByPlaceholderText(PLACEHOLDER)).not.toHaveFocus();
  });

  it("does not steal a '/' typed into a contenteditable element", async () => {
    const user = userEvent.setup();
    renderSearchBesideAnotherField();
    const editor = screen.getByRole('textbox', { name: 'Editor' });
    await user.click(editor);

    await user.keyboard('/');

    expect(editor).toHaveFocus();
  });

  it(
    'asks once for the typed term and groups the results by kind with title and detail',
    SLOW,
    async () => {
      const fetchMock = stubSearch();
      await typeTerm('acme');

      const orgs = await screen.findByRole('group', { name: 'Orgs' });
      expect(within(orgs).getByText('Acme Production')).toBeInTheDocument();
      expect(within(orgs).getByText('00D000000000002EAA')).toBeInTheDocument();
      expect(
        within(screen.getByRole('group', { name: 'Licenses' })).getByText('Acme Corp · Billing'),
      ).toBeInTheDocument();
      expect(
        within(screen.getByRole('group', { name: 'Groups' })).getByText('Acme pilots'),
      ).toBeInTheDocument();
      expect(optionTitles()).toEqual([
        'Acme Production',
        'Acme Sandbox',
        'L-000123',
        'Acme pilots',
      ]);

      // Debounced: the letters typed within 250 ms of each other make one request.
      const terms = calledUrls(fetchMock)
        .filter((url) => url.pathname === '/api/search')
        .map((url) => url.searchParams.get('term'));
      expect(terms).toEqual(['acme']);
    },
  );

  it(
    'moves through the results with the arrow keys and opens the chosen one with Enter',
    SLOW,
    async () => {
      stubSearch();
      const { user, search, router } = await typeTerm('acme');
      await screen.findByRole('option', { name: /Acme Production/ });

      await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
      expect(screen.getByRole('option', { name: /Acme Sandbox/ })).toHaveAttribute(
        'data-combobox-selected',
        'true',
      );
      await user.keyboard('{Enter}');

      await waitFor(() => expect(router.state.location.pathname).toBe('/org/00D000000000002EAA'));
      expect(search).toHaveValue('');
      expect(search).not.toHaveFocus();
      expect(screen.queryByRole('option')).not.toBeInTheDocument();
    },
  );

  it('opens the first result on Enter when none is chosen', SLOW, async () => {
    stubSearch();
    const { user, router } = await typeTerm('acme');
    await screen.findByRole('option', { name: /Acme Production/ });

    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/org/00D000000000001EAA'));
  });

  it('opens a result clicked with the mouse', SLOW, async () => {
    stubSearch();
    const { user, router } = await typeTerm('acme');

    await user.click(await screen.findByRole('option', { name: /Acme pilots/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orggroup/7'));
  });

  it("says 'No matches' when the search finds nothing", SLOW, async () => {
    stubSearch();
    await typeTerm('zzz');

    expect(await screen.findByText('No matches')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('clears the box on the first Escape and leaves it on the second', SLOW, async () => {
    stubSearch();
    const { user, search } = await typeTerm('acme');
    await screen.findByRole('option', { name: /Acme Production/ });

    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(search).not.toHaveFocus();
  });
});
