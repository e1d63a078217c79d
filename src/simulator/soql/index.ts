// The simulator's SOQL engine: parse (syntax only), format (canonical text) and execute
// against a SoqlSource. Every failure is a SoqlError whose errorCode and message the REST layer
// returns as Salesforce does: HTTP 400, `[{ "message": …, "errorCode": … }]`.

export type {
  SoqlFieldType,
  SoqlFieldSchema,
  SoqlObjectSchema,
  SoqlRecord,
  SoqlSource,
  SoqlRowAttributes,
  SoqlOutputRow,
  SoqlResult,
  SoqlContext,
} from './source';
export type {
  SoqlQuery,
  SoqlSelect,
  SoqlFieldRef,
  SoqlCondition,
  SoqlComparisonOperator,
  SoqlLiteral,
  SoqlDateLiteral,
  SoqlOrderKey,
} from './ast';
export { SoqlError, type SoqlErrorCode } from './errors';
export { parseSoql } from './parser';
export { formatSoql, quoteSoqlString } from './format';
export { executeSoql, openSoqlCursor, type SoqlCursor } from './execute';
export { DATE_LITERAL_NAMES } from './date-literals';
export { MAX_QUERY_LENGTH } from './lexer';
