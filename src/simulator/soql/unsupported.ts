// Names for SOQL that Salesforce accepts but this engine does not, so a client gets
// "GROUP BY is not supported" instead of a puzzling "unexpected token: GROUP".

import type { SoqlCondition, SoqlQuery } from './ast';
import { soqlErrorAt, unsupportedAt } from './errors';
import type { Token } from './lexer';

const AGGREGATES = new Set(['AVG', 'MIN', 'MAX', 'SUM', 'COUNT', 'COUNT_DISTINCT']);

/** The feature a clause keyword starts (GROUP BY, WITH …, FOR UPDATE, …), if it starts one. */
export function describeClauseKeyword(token: Token, following: Token): string | undefined {
  if (token.kind !== 'identifier') return undefined;
  const word = token.text.toUpperCase();
  const next = following.kind === 'identifier' ? following.text.toUpperCase() : undefined;
  switch (word) {
    case 'GROUP':
      return 'GROUP BY';
    case 'HAVING':
      return 'HAVING';
    case 'WITH':
      return next === undefined ? 'WITH' : `WITH ${next}`;
    case 'FOR':
      return next === undefined ? 'FOR' : `FOR ${next}`;
    case 'USING':
      return 'USING SCOPE';
    case 'UPDATE':
      return next === 'TRACKING' || next === 'VIEWSTAT' ? `UPDATE ${next}` : undefined;
    case 'ALL':
      return next === 'ROWS' ? 'ALL ROWS' : undefined;
    default:
      return undefined;
  }
}

/** The feature a function call `name(…)` in a field position uses. */
export function describeFunction(name: string): string {
  const upper = name.toUpperCase();
  if (upper === 'FIELDS') return 'FIELDS()';
  // The SELECT list takes aggregate functions; anywhere else (WHERE, ORDER BY) they are outside.
  if (AGGREGATES.has(upper)) return `The aggregate function ${upper}() outside the SELECT list`;
  return `The function ${name}()`;
}

function containsSemiJoin(condition: SoqlCondition | null): boolean {
  if (condition === null) return false;
  switch (condition.kind) {
    case 'and':
    case 'or':
      return condition.operands.some(containsSemiJoin);
    case 'not':
      return containsSemiJoin(condition.operand);
    case 'semiJoin':
      return true;
    default:
      return false;
  }
}

/** Salesforce's limits on `Field IN (SELECT …)`: one selected field, no nesting; ordering and
 *  paging clauses are outside this engine's subset. `offset` points at the inner SELECT. */
export function checkSemiJoinSubquery(query: SoqlQuery, text: string, offset: number): void {
  if (query.select.kind !== 'fields' || query.select.fields.length !== 1) {
    throw soqlErrorAt(
      'MALFORMED_QUERY',
      text,
      offset,
      'a semi-join subquery must select exactly one Id or reference field',
    );
  }
  if (containsSemiJoin(query.where)) {
    throw unsupportedAt(text, offset, 'Nesting of semi join sub-selects');
  }
  if (query.orderBy.length > 0)
    throw unsupportedAt(text, offset, 'ORDER BY in a semi-join subquery');
  if (query.limit !== null) throw unsupportedAt(text, offset, 'LIMIT in a semi-join subquery');
  if (query.offset !== null) throw unsupportedAt(text, offset, 'OFFSET in a semi-join subquery');
}
