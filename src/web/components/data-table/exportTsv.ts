// The Export button's file: tab-separated text of the visible columns in their order, header =
// column labels, values as shown on screen. The console Pushboard replaces dumped raw API objects
// with their own keys (weakness 40 in docs/architecture.md
// "Weaknesses of the console Pushboard replaces"); this exports what the operator sees
// (docs/product.md "Common list behaviour").
import { pathOf, tsvField, type ColumnKind, type EndpointShape } from '../../../domain';
import { buildUrl } from '../../api/client';

export interface TsvColumn<Row> {
  readonly label: string;
  /** The column's kind: a plain number in a number column is exported as a number. */
  readonly kind?: ColumnKind;
  readonly text: (row: Row) => string;
}

/**
 * The TSV text: a header line of labels, then one line per row, each ending in a newline. Every
 * field goes through the domain's tsvField, as the server's exports do: tabs and line breaks
 * escaped, and what a spreadsheet would run as a formula made text.
 */
export function buildTsv<Row>(rows: readonly Row[], columns: readonly TsvColumn<Row>[]): string {
  const lines = [columns.map((column) => tsvField(column.label))];
  for (const row of rows)
    lines.push(columns.map((column) => tsvField(column.text(row), column.kind)));
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

/** The server-streamed export: the list's export endpoint with its query and visible columns. */
export function serverExportUrl(
  exportEndpoint: Pick<EndpointShape, 'path'>,
  pathParams: Readonly<Record<string, string | number>> | undefined,
  query: Readonly<Record<string, string | number | boolean | undefined>>,
  columnIds: readonly string[],
): string {
  return buildUrl(pathOf(exportEndpoint, pathParams), { ...query, columns: columnIds.join(',') });
}

/** Starts the server export download (the server sends it as an attachment). */
export function downloadServerExport(url: string): void {
  clickLink(url);
}
