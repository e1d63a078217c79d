// The one way user-influenced values enter SOQL: as escaped literals. Never interpolate raw text.

/** A SOQL string literal, quotes included; backslash escapes per the SOQL reference. */
export function soqlString(value: string): string {
  const escaped = value.replace(/[\\'"\n\r\t\f\b]/g, (char) => {
    switch (char) {
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      case '\f':
        return '\\f';
      case '\b':
        return '\\b';
      default:
        return `\\${char}`;
    }
  });
  return `'${escaped}'`;
}

const SALESFORCE_ID = /^[0-9A-Za-z]{15}(?:[0-9A-Za-z]{3})?$/;

/** A quoted Salesforce id; throws on anything that is not a 15/18-character id. */
export function soqlId(id: string): string {
  if (!SALESFORCE_ID.test(id)) throw new Error(`Not a Salesforce id: ${JSON.stringify(id)}`);
  return `'${id}'`;
}

/** `('id1','id2')` for IN clauses; ids are validated, the list must not be empty. */
export function soqlIdList(ids: readonly string[]): string {
  if (ids.length === 0) throw new Error('An IN list needs at least one id');
  return `(${ids.map(soqlId).join(',')})`;
}

/** A SOQL datetime literal (UTC, no quotes), e.g. 2024-05-01T10:00:00.000Z. */
export function soqlDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date: ${String(value)}`);
  return date.toISOString();
}
