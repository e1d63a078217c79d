// Reading a DataTable in the browser: its column labels, rows, empty text and total, and waiting
// until it has answered.
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

export const WAIT = { timeout: 30_000 };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TableView {
  headers: string[];
  rows: string[][];
  /** The empty text ('No rows', 'No rows match the filters'), when the table shows it. */
  empty: string | null;
  busy: boolean;
  total: string;
}

/** What a DataTable shows right now: its column labels, its rows' cell texts, its total. */
function readTable(table: Locator): Promise<TableView> {
  return table.evaluate((root) => {
    const text = (el: Element) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
    const headers = [...root.querySelectorAll('thead tr:first-child th')].map(text);
    const bodyRows = [...root.querySelectorAll('tbody tr')];
    const busy =
      root.querySelector('[aria-label="Loading"], [aria-label="Refreshing"]') !== null ||
      bodyRows.length === 0;
    const only = bodyRows.length === 1 ? bodyRows[0]?.querySelectorAll('td') : undefined;
    const emptyText = only?.length === 1 ? text(only[0] as Element) : '';
    const empty = /^No rows/.test(emptyText) ? emptyText : null;
    const rows =
      empty !== null || busy ? [] : bodyRows.map((tr) => [...tr.querySelectorAll('td')].map(text));
    const total = text(root.querySelector('[data-testid="table-total"]') ?? root);
    return { headers, rows, empty, busy, total };
  });
}

/** Waits until the table has answered (rows or its empty text) and returns what it shows. */
export async function settled(table: Locator): Promise<TableView> {
  await table.waitFor(WAIT);
  let view = await readTable(table);
  const deadline = Date.now() + WAIT.timeout;
  while (view.busy && Date.now() < deadline) {
    await pause(200);
    view = await readTable(table);
  }
  expect(view.busy, 'the table is still loading').toBe(false);
  return view;
}

/** Polls the table until `check` holds for what it shows (filters are debounced and fetched). */
export async function until(
  table: Locator,
  check: (view: TableView) => boolean,
): Promise<TableView> {
  const deadline = Date.now() + WAIT.timeout;
  let view = await readTable(table);
  while (!(!view.busy && check(view)) && Date.now() < deadline) {
    await pause(200);
    view = await readTable(table);
  }
  return view;
}

export function column(view: TableView, label: string): string[] {
  const index = view.headers.indexOf(label);
  expect(index, `column ${label} in ${view.headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return view.rows.map((row) => row[index] ?? '');
}

/** The number after 'of' in '1–25 of 2,000' (0 for '0 rows'). */
export function totalOf(view: TableView): number {
  const match = /of (?:about )?([\d,]+)/.exec(view.total);
  return match ? Number(match[1]?.replace(/,/g, '')) : 0;
}
