// Test fixtures of the DataTable: a small list with one column of each kind the tests need, and
// a render helper with the app's providers and the toasts' host.
import { configure, screen, within } from '@testing-library/react';
import { Notifications, notifications } from '@mantine/notifications';
import { z } from 'zod';
import { column, listEndpoint, type ListDefinition } from '../../../domain';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { stubFetch, type StubRoute } from '../../testing/stubFetch';
import { DataTable } from './DataTable';
import type { DataTableProps } from './types';

// Typing goes through real timers and the 250 ms debounce; on a busy shared machine the default
// one-second wait for an element is too tight.
configure({ asyncUtilTimeout: 4000 });

export interface Thing {
  id: string;
  name: string | null;
  version: string | null;
  modified: string | null;
  active: boolean;
  count: number | null;
}

export const THING_LIST: ListDefinition = {
  key: 'ThingList',
  rowKey: 'id',
  columns: [
    column('id', 'ID'),
    column('name', 'Name'),
    column('version', 'Version', 'version'),
    column('modified', 'Modified', 'datetime'),
    column('active', 'Active', 'boolean'),
    column('count', 'Count', 'number'),
  ],
  defaultSort: [{ id: 'id', desc: false }],
};

/** The things as a server-paged list: GET /api/things, and its export beside it. */
export const THING_ENDPOINT = listEndpoint({
  path: '/api/things',
  tag: 'test',
  description: 'The things of the DataTable tests.',
  list: THING_LIST,
  row: z.object({
    id: z.string(),
    name: z.string().nullable(),
    version: z.string().nullable(),
    modified: z.string().nullable(),
    active: z.boolean(),
    count: z.number().nullable(),
  }),
  scopeQuery: { groupId: z.coerce.number().optional(), blacklisted: z.string().optional() },
});

export const THINGS: Thing[] = [
  {
    id: 't1',
    name: 'Acme Corp',
    version: '1.10',
    modified: '2024-05-01T10:00:00Z',
    active: true,
    count: 10,
  },
  { id: 't2', name: 'Globex', version: '1.2.3', modified: null, active: false, count: 9 },
  {
    id: 't3',
    name: 'acme labs',
    version: '1.1',
    modified: '2024-04-01T10:00:00Z',
    active: true,
    count: 100,
  },
  { id: 't4', name: 'Initech Acme', version: null, modified: null, active: false, count: null },
  { id: 't5', name: null, version: '1.2', modified: null, active: true, count: 2 },
];

/** Many rows t01…tNN for paging. */
export function manyThings(n: number): Thing[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `t${String(i + 1).padStart(2, '0')}`,
    name: `Thing ${i + 1}`,
    version: `1.${i}`,
    modified: null,
    active: i % 2 === 0,
    count: i,
  }));
}

type Props = Partial<DataTableProps<Thing>>;

export function renderTable(props: Props = {}, routes: Record<string, StubRoute> = {}) {
  notifications.clean();
  const fetchMock = stubFetch({ 'GET /api/filters': { json: [] }, ...routes });
  const rendered = renderWithProviders(
    <>
      <Notifications />
      <DataTable<Thing>
        list={THING_LIST}
        source={{ mode: 'client', rows: THINGS }}
        readOnly={false}
        name="things"
        {...props}
      />
    </>,
  );
  return { ...rendered, fetchMock };
}

export function tableElement(): HTMLElement {
  return screen.getByRole('table', { name: 'things' });
}

/** The text of one column in the body rows, by its header label. */
export function columnValues(label: string): string[] {
  const table = tableElement();
  const headers = [...table.querySelectorAll('thead tr:first-child th')];
  const index = headers.findIndex((th) => th.textContent?.trim() === label);
  if (index < 0) throw new Error(`No column ${label}`);
  return [...table.querySelectorAll('tbody tr')].map(
    (tr) => tr.querySelectorAll('td')[index]?.textContent ?? '',
  );
}

export function filterInput(label: string): HTMLInputElement {
  return within(tableElement()).getByRole('textbox', { name: `Filter ${label}` });
}
