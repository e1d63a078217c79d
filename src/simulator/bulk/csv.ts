// CSV as Bulk API 2.0 reads and writes it (RFC 4180: comma-delimited, double-quoted fields with ""
// for a quote, LF or CRLF line endings, a header row naming the fields).

/** Rows of cells; a trailing line ending does not make an empty last row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endCell = (): void => {
    row.push(cell);
    cell = '';
  };
  const endRow = (): void => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
      i++;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n') endRow();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endRow();
      i++;
    } else cell += ch;
    i++;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** Records keyed by the header row's names. */
export function parseCsvRecords(text: string): { header: string[]; records: string[][] } {
  const [header = [], ...records] = parseCsv(text);
  return { header, records };
}

function quote(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

/** Every cell quoted, LF line endings, as Salesforce returns results. */
export function formatCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((r) => r.map(quote).join(',')).join('\n') + '\n';
}
