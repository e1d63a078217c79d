// SOQL errors shaped like Salesforce's: the REST layer answers each with 400 and
// `[{ message, errorCode }]`. Messages that point at a place in the query carry the same
// caret block Salesforce prints ("\n<line>\n   ^\nERROR at Row:1:Column:4\n<text>").

export type SoqlErrorCode = 'MALFORMED_QUERY' | 'INVALID_FIELD' | 'INVALID_TYPE';

export class SoqlError extends Error {
  constructor(
    readonly errorCode: SoqlErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SoqlError';
  }
}

/** Builds Salesforce's caret block for `offset` (0-based, in UTF-16 units) of `text`. */
export function describePosition(text: string, offset: number): string {
  const at = Math.max(0, Math.min(offset, text.length));
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const newline = text.indexOf('\n', at);
  const line = text.slice(lineStart, newline === -1 ? text.length : newline);
  let row = 1;
  for (let i = 0; i < lineStart; i++) if (text.charCodeAt(i) === 10) row++;
  const column = at - lineStart + 1;
  return `\n${line}\n${' '.repeat(column - 1)}^\nERROR at Row:${row}:Column:${column}\n`;
}

/** An error pointing at `offset` of the query text. */
export function soqlErrorAt(
  errorCode: SoqlErrorCode,
  text: string,
  offset: number,
  message: string,
): SoqlError {
  return new SoqlError(errorCode, describePosition(text, offset) + message);
}

/** MALFORMED_QUERY for a recognised SOQL feature that this engine does not implement. */
export function unsupportedAt(text: string, offset: number, feature: string): SoqlError {
  return soqlErrorAt('MALFORMED_QUERY', text, offset, `${feature} is not supported`);
}

const CUSTOM_FIELD_HINT =
  "If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.";
const CUSTOM_OBJECT_HINT =
  "If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.";
const CUSTOM_RELATIONSHIP_HINT =
  "If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.";

export function noSuchColumn(text: string, offset: number, field: string, entity: string) {
  return soqlErrorAt(
    'INVALID_FIELD',
    text,
    offset,
    `No such column '${field}' on entity '${entity}'. ${CUSTOM_FIELD_HINT}`,
  );
}

export function unknownRelationship(text: string, offset: number, relationship: string) {
  return soqlErrorAt(
    'INVALID_FIELD',
    text,
    offset,
    `Didn't understand relationship '${relationship}' in field path. ${CUSTOM_RELATIONSHIP_HINT}`,
  );
}

export function unsupportedObject(text: string, offset: number, objectName: string) {
  return soqlErrorAt(
    'INVALID_TYPE',
    text,
    offset,
    `sObject type '${objectName}' is not supported. ${CUSTOM_OBJECT_HINT}`,
  );
}
