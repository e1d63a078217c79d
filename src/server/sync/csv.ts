// RFC 4180 CSV: fields with a comma, quote or line break are quoted and inner quotes doubled;
// records end with CRLF.

export type CsvValue = string | number | boolean | null | undefined;

export function csvField(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
): string {
  let out = csvLine(header);
  for (const row of rows) out += csvLine(row);
  return out;
}
