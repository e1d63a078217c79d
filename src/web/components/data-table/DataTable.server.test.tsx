import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calledUrls } from '../../testing/stubFetch';
import {
  columnValues,
  filterInput,
  renderTable,
  THING_ENDPOINT,
  THINGS,
} from './dataTableFixtures';

const SOURCE = {
  mode: 'server' as const,
  endpoint: THING_ENDPOINT,
  params: { groupId: 7, blacklisted: undefined },
  queryKey: ['things'],
};

const listCalls = (fetchMock: Parameters<typeof calledUrls>[0]) =>
  calledUrls(fetchMock).filter((url) => url.pathname === '/api/things');

describe('DataTable in server mode', { timeout: 20_000 }, () => {
  it("sends page, size, sort, the scope and the time zone, and shows an estimate as 'about'", async () => {
    const { fetchMock } = renderTable(
      { source: SOURCE, savedFilters: false },
      {
        'GET /api/things': {
          json: { rows: THINGS.slice(0, 2), total: 123456, total_is_estimate: true },
        },
      },
    );
    await waitFor(() => expect(columnValues('ID')).toEqual(['t1', 't2']));
    expect(screen.getByTestId('table-total')).toHaveTextContent('1–25 of about 123,456');

    const url = listCalls(fetchMock)[0];
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      groupId: '7',
      page: '1',
      pageSize: '25',
      sort_field: 'id',
      sort_dir: 'asc',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('sends valid filters and sorts, and pages on the server', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderTable(
      { source: SOURCE, savedFilters: false },
      {
        'GET /api/things': (url) => ({
          json: {
            rows: url.searchParams.get('page') === '2' ? [THINGS[2]] : THINGS.slice(0, 2),
            total: 60,
            total_is_estimate: false,
          },
        }),
      },
    );
    await waitFor(() => expect(columnValues('ID')).toEqual(['t1', 't2']));
    expect(screen.getByTestId('table-total')).toHaveTextContent('1–25 of 60');

    await user.type(filterInput('Version'), '> 1.2');
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)?.searchParams.get('filters')).toBe(
        JSON.stringify([{ id: 'version', value: '> 1.2' }]),
      ),
    );
    // A half-typed filter that does not parse is not sent.
    await user.type(filterInput('Name'), '(');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listCalls(fetchMock).at(-1)?.searchParams.get('filters')).toBe(
      JSON.stringify([{ id: 'version', value: '> 1.2' }]),
    );

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)?.searchParams.get('sort_field')).toBe('name'),
    );

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(columnValues('ID')).toEqual(['t3']));
    expect(listCalls(fetchMock).at(-1)?.searchParams.get('page')).toBe('2');
  });

  it("shows the server's 400 message", async () => {
    renderTable(
      { source: SOURCE, savedFilters: false },
      {
        'GET /api/things': {
          status: 400,
          json: { message: "Version: Not a version number '1.x' at 2", subject: 'Bad Request' },
        },
      },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Version: Not a version number '1.x' at 2",
    );
  });

  it('exports through the server with the query and the visible columns', async () => {
    const user = userEvent.setup();
    const hrefs: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      hrefs.push(this.href);
    });
    renderTable(
      { source: SOURCE, savedFilters: false, hiddenColumns: ['modified', 'count'] },
      { 'GET /api/things': { json: { rows: THINGS, total: 5, total_is_estimate: false } } },
    );
    await waitFor(() => expect(columnValues('ID')).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const url = new URL(hrefs[0] ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/things/export');
    expect(url.searchParams.get('columns')).toBe('id,name,version,active');
    expect(url.searchParams.get('groupId')).toBe('7');
    expect(url.searchParams.get('sort_field')).toBe('id');
    expect(url.searchParams.has('page')).toBe(false);
  });

  it("'N Selected' keeps the selected rows of other pages", async () => {
    const user = userEvent.setup();
    renderTable(
      { source: SOURCE, savedFilters: false, selectable: true },
      {
        'GET /api/things': (url) => ({
          json: {
            rows: url.searchParams.get('page') === '2' ? [THINGS[2]] : THINGS.slice(0, 2),
            total: 26,
            total_is_estimate: false,
          },
        }),
      },
    );
    await waitFor(() => expect(columnValues('ID')).toEqual(['t1', 't2']));
    await user.click(screen.getByRole('checkbox', { name: 'Select row t2' }));
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(columnValues('ID')).toEqual(['t3']));
    await user.click(screen.getByRole('checkbox', { name: 'Select row t3' }));
    await user.click(screen.getByRole('switch', { name: '2 Selected' }));
    expect(columnValues('ID')).toEqual(['t2', 't3']);
  });
});
