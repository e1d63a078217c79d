// Canonical SOQL text of an AST: upper-case keywords, single spaces, explicit ASC/NULLS, and
// parentheses exactly where the grammar needs them. parseSoql(formatSoql(q)) deep-equals q
// for every q that parseSoql produces — the property the fuzz tests check.

import type {
  SoqlCondition,
  SoqlFieldRef,
  SoqlLiteral,
  SoqlOrderKey,
  SoqlQuery,
  SoqlSelect,
} from './ast';

const STRING_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  "'": "\\'",
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** A string literal that decodes back to `value`. A kept-escaped `\%` (backslash + %) prints
 *  as `\\%`, which decodes to the same two characters. */
export function quoteSoqlString(value: string): string {
  return `'${value.replace(/[\\'\n\r\t\b\f]/g, (char) => STRING_ESCAPES[char] ?? char)}'`;
}

function formatField(field: SoqlFieldRef): string {
  return field.path.join('.');
}

export function formatLiteral(literal: SoqlLiteral): string {
  switch (literal.kind) {
    case 'null':
      return 'null';
    case 'boolean':
      return literal.value ? 'true' : 'false';
    case 'string':
      return quoteSoqlString(literal.value);
    case 'number':
    case 'date':
    case 'datetime':
      return literal.text;
    case 'dateLiteral':
      return literal.n === null ? literal.name : `${literal.name}:${literal.n}`;
  }
}

function isSimple(condition: SoqlCondition): boolean {
  return condition.kind === 'compare' || condition.kind === 'in' || condition.kind === 'semiJoin';
}

function formatCondition(condition: SoqlCondition): string {
  switch (condition.kind) {
    case 'and':
    case 'or':
      return condition.operands
        .map((operand) =>
          operand.kind === 'and' || operand.kind === 'or'
            ? `(${formatCondition(operand)})`
            : formatCondition(operand),
        )
        .join(condition.kind === 'and' ? ' AND ' : ' OR ');
    case 'not':
      return isSimple(condition.operand)
        ? `NOT ${formatCondition(condition.operand)}`
        : `NOT (${formatCondition(condition.operand)})`;
    case 'compare':
      return `${formatField(condition.field)} ${condition.operator} ${formatLiteral(condition.value)}`;
    case 'in':
      return `${formatField(condition.field)} ${condition.negated ? 'NOT IN' : 'IN'} (${condition.values.map(formatLiteral).join(', ')})`;
    case 'semiJoin':
      return `${formatField(condition.field)} ${condition.negated ? 'NOT IN' : 'IN'} (${formatSoql(condition.query)})`;
  }
}

function formatOrderKey(key: SoqlOrderKey): string {
  return `${formatField(key.field)} ${key.direction} NULLS ${key.nulls}`;
}

function formatSelect(select: SoqlSelect): string {
  switch (select.kind) {
    case 'count':
      return 'COUNT()';
    case 'fields':
      return select.fields.map(formatField).join(', ');
    case 'aggregate':
      return select.items
        .map((item) =>
          item.kind === 'group'
            ? formatField(item.field)
            : `${item.fn}(${formatField(item.field)})${item.alias ? ` ${item.alias}` : ''}`,
        )
        .join(', ');
  }
}

export function formatSoql(query: SoqlQuery): string {
  let text = `SELECT ${formatSelect(query.select)} FROM ${query.from}`;
  if (query.where !== null) text += ` WHERE ${formatCondition(query.where)}`;
  if (query.select.kind === 'aggregate' && query.select.groupBy.length > 0)
    text += ` GROUP BY ${query.select.groupBy.map(formatField).join(', ')}`;
  if (query.orderBy.length > 0) text += ` ORDER BY ${query.orderBy.map(formatOrderKey).join(', ')}`;
  if (query.limit !== null) text += ` LIMIT ${query.limit}`;
  if (query.offset !== null) text += ` OFFSET ${query.offset}`;
  return text;
}
