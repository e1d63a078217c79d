// The Export button's file: tab-separated text of the visible columns in their order, header =
// column labels, values as shown on screen. The predecessor dumped raw API objects with their own
// keys (domain.md §8.6); this exports what the operator sees.
import { buildUrl } from '../../api/client';

export interface TsvColumn<Row> {
  readonly label: string;
  readonly text: (row: Row) => string;
}

/**
 * A value made safe for one TSV field: a tab or line break inside it would split the field or the
 * record, so they are written as \t, \n and \r, and a backslash as \\ (the common TSV escaping).
 */
export function escapeTsvField(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
  );
}

/** The TSV text: a header line of labels, then one line per row, each ending in a newline. */
export function buildTsv<Row>(rows: readonly Row[], columns: readonly TsvColumn<Row>[]): string {
  const lines = [columns.map((column) => escapeTsvField(column.label))];
  for (const row of rows) lines.push(columns.map((column) => escapeTsvField(column.text(row))));
  return lines.map((fields) => `${fields.join('\t')}\n`).join('');
}

function clickLink(href: string, fileName?: string): void {
  const link = document.createElement('a');
  link.href = href;
  if (fileName) link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Offers the text as a download named `<name>.tsv`. */
export function downloadTsv(text: string, name: string): void {
  const blob = new Blob([text], { type: 'text/tab-separated-values;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  clickLink(url, `${name}.tsv`);
  // The click has started the download; the object URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The server-streamed export: `${endpoint}/export` with the list's query and visible columns. */
export function serverExportUrl(
  endpoint: string,
  query: Readonly<Record<string, string | number | boolean | undefined>>,
  columnIds: readonly string[],
): string {
  return buildUrl(`${endpoint}/export`, { ...query, columns: columnIds.join(',') });
}

/** Starts the server export download (the server sends it as an attachment). */
export function downloadServerExport(url: string): void {
  clickLink(url);
}
