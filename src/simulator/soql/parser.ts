// Recursive-descent parser for the supported SOQL subset (syntax only: the executor checks
// names and types against the schema). Grammar, keywords case-insensitive:
//   query     := SELECT (COUNT() | item {, item}) FROM object [WHERE condition] [GROUP BY path {, path}]
//                [ORDER BY path [ASC|DESC] [NULLS FIRST|LAST] {, …}] [LIMIT int] [OFFSET int]
//   item      := path | aggregate ( path ) [alias]    — aggregate: COUNT COUNT_DISTINCT MIN MAX SUM AVG
//   condition := unary {AND unary} | unary {OR unary}   — mixing needs parentheses, as in SOQL
//   unary     := NOT (( condition ) | simple) | ( condition ) | simple
//   simple    := path op literal | path [NOT] IN ( literal {, literal} ) | path [NOT] IN ( query )
// Recognised SOQL outside the subset (GROUP BY, TYPEOF, functions, …) is reported by name.

import type {
  SoqlAggregateFunction,
  SoqlAggregateItem,
  SoqlComparisonOperator,
  SoqlCondition,
  SoqlFieldRef,
  SoqlLiteral,
  SoqlOrderKey,
  SoqlQuery,
  SoqlSelect,
  SourcePositions,
} from './ast';
import { dateLiteralArity } from './date-literals';
import { unsupportedAt, type SoqlError } from './errors';
import { tokenize, type Token } from './lexer';
import { TokenStream } from './token-stream';
import { checkSemiJoinSubquery, describeClauseKeyword, describeFunction } from './unsupported';

/** Salesforce's reserved words (never names), plus the literals TRUE and FALSE. */
const RESERVED = new Set(
  'AND ASC DESC EXCLUDES FIRST FROM GROUP HAVING IN INCLUDES LAST LIKE LIMIT NOT NULL NULLS OR SELECT WHERE WITH TRUE FALSE'.split(
    ' ',
  ),
);

const AGGREGATE_FUNCTIONS: ReadonlySet<string> = new Set([
  'COUNT',
  'COUNT_DISTINCT',
  'MIN',
  'MAX',
  'SUM',
  'AVG',
]);

const COMPARISON_OPERATORS: Readonly<Record<string, SoqlComparisonOperator>> = {
  '=': '=',
  '!=': '!=',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

/** Bounds recursion (parentheses, NOT, subqueries) so hostile input cannot overflow the stack. */
const MAX_NESTING = 64;
const MAX_INTEGER = 2_147_483_647;

export interface ParsedSoql {
  readonly text: string;
  readonly query: SoqlQuery;
  readonly positions: SourcePositions;
}

/** Parses SOQL text; throws SoqlError (MALFORMED_QUERY) on anything outside the subset. */
export function parseSoql(text: string): SoqlQuery {
  return parseSoqlWithPositions(text).query;
}

export function parseSoqlWithPositions(text: string): ParsedSoql {
  const parser = new Parser(text, tokenize(text));
  const query = parser.query(0);
  parser.expectEnd();
  return { text, query, positions: parser.positions };
}

class Parser extends TokenStream {
  readonly positions: SourcePositions = new WeakMap();

  query(depth: number): SoqlQuery {
    if (depth > MAX_NESTING) throw this.error(this.peek(), 'query is nested too deeply');
    this.expectKeyword('SELECT');
    const items = this.selectList();
    this.expectKeyword('FROM');
    const fromToken = this.name();
    this.rejectFromExtras();
    const where = this.acceptKeyword('WHERE') ? this.condition(depth) : null;
    const select = this.withGroupBy(items);
    const orderBy = this.orderBy(select);
    const limit = this.acceptKeyword('LIMIT') ? this.integer('LIMIT') : null;
    const offset = this.acceptKeyword('OFFSET') ? this.integer('OFFSET') : null;
    const query: SoqlQuery = { select, from: fromToken.text, where, orderBy, limit, offset };
    this.positions.set(query, fromToken.offset);
    return query;
  }

  expectEnd(): void {
    if (this.peek().kind !== 'end') throw this.unexpected(this.peek());
  }

  /** The SELECT list; an aggregate list is completed with its GROUP BY by withGroupBy. */
  private selectList(): SoqlSelect {
    const items: SoqlAggregateItem[] = [];
    let countToken: Token | undefined;
    let aggregated = false;
    do {
      const token = this.peek();
      if (this.isPunctuation(token, '(')) {
        throw unsupportedAt(this.text, token.offset, 'A subquery in the SELECT list');
      }
      if (this.isKeyword(token, 'TYPEOF') && this.peek(1).kind === 'identifier') {
        throw unsupportedAt(this.text, token.offset, 'TYPEOF');
      }
      if (this.isCountCall()) {
        if (countToken || items.length > 0) throw this.countNotAlone(token);
        countToken = token;
        this.index += 3;
      } else {
        if (countToken) throw this.countNotAlone(countToken);
        const item = this.selectItem();
        if (item.kind === 'function') aggregated = true;
        items.push(item);
      }
    } while (this.acceptPunctuation(','));
    if (countToken) return { kind: 'count' };
    if (aggregated) return { kind: 'aggregate', items, groupBy: [] };
    return { kind: 'fields', fields: items.map((item) => item.field) };
  }

  /** A field path, or an aggregate function call with an optional alias. */
  private selectItem(): SoqlAggregateItem {
    const token = this.peek();
    const upper = token.kind === 'identifier' ? token.text.toUpperCase() : '';
    if (!AGGREGATE_FUNCTIONS.has(upper) || !this.isPunctuation(this.peek(1), '(')) {
      return { kind: 'group', field: this.fieldPath() };
    }
    this.index += 2;
    const field = this.fieldPath();
    this.expectPunctuation(')');
    const next = this.peek();
    const alias =
      next.kind === 'identifier' && !RESERVED.has(next.text.toUpperCase())
        ? this.next().text
        : null;
    const item: SoqlAggregateItem = {
      kind: 'function',
      fn: upper as SoqlAggregateFunction,
      field,
      alias,
    };
    this.positions.set(item, token.offset);
    return item;
  }

  /** GROUP BY after WHERE; only an aggregate query (or one selecting plain fields) may have it. */
  private withGroupBy(select: SoqlSelect): SoqlSelect {
    if (!this.isKeyword(this.peek(), 'GROUP') || !this.isKeyword(this.peek(1), 'BY')) return select;
    const token = this.peek();
    if (this.isKeyword(this.peek(2), 'ROLLUP') || this.isKeyword(this.peek(2), 'CUBE')) {
      throw unsupportedAt(this.text, token.offset, `GROUP BY ${this.peek(2).text.toUpperCase()}`);
    }
    this.index += 2;
    const groupBy: SoqlFieldRef[] = [];
    do groupBy.push(this.fieldPath());
    while (this.acceptPunctuation(','));
    if (select.kind === 'count') throw this.error(token, 'COUNT() cannot be used with GROUP BY');
    const items: readonly SoqlAggregateItem[] =
      select.kind === 'fields'
        ? select.fields.map((field) => ({ kind: 'group', field }))
        : select.items;
    return { kind: 'aggregate', items, groupBy };
  }

  private isCountCall(): boolean {
    return (
      this.isKeyword(this.peek(), 'COUNT') &&
      this.isPunctuation(this.peek(1), '(') &&
      this.isPunctuation(this.peek(2), ')')
    );
  }

  private countNotAlone(token: Token): SoqlError {
    return this.error(token, 'COUNT() must be the only item in the SELECT list');
  }

  /** After FROM's object: other objects, aliases and USING SCOPE are outside the subset. */
  private rejectFromExtras(): void {
    const token = this.peek();
    if (this.isPunctuation(token, ',')) {
      throw unsupportedAt(this.text, token.offset, 'More than one object in FROM');
    }
    if (token.kind === 'identifier' && describeClauseKeyword(token, this.peek(1)) === undefined) {
      const known = ['WHERE', 'ORDER', 'LIMIT', 'OFFSET'].includes(token.text.toUpperCase());
      if (!known) throw unsupportedAt(this.text, token.offset, 'An object alias in FROM');
    }
  }

  private orderBy(select: SoqlSelect): SoqlOrderKey[] {
    if (!this.isKeyword(this.peek(), 'ORDER') || !this.isKeyword(this.peek(1), 'BY')) return [];
    this.index += 2;
    const keys: SoqlOrderKey[] = [];
    do {
      const token = this.peek();
      const field = this.fieldPath();
      if (select.kind === 'count') {
        throw this.error(token, `Ordered field must be grouped or aggregated: ${token.text}`);
      }
      const direction = this.acceptKeyword('DESC') ? 'DESC' : (this.acceptKeyword('ASC'), 'ASC');
      let nulls: 'FIRST' | 'LAST' = 'FIRST';
      if (this.acceptKeyword('NULLS')) {
        if (this.acceptKeyword('LAST')) nulls = 'LAST';
        else this.expectKeyword('FIRST');
      }
      keys.push({ field, direction, nulls });
    } while (this.acceptPunctuation(','));
    return keys;
  }

  private condition(depth: number): SoqlCondition {
    const first = this.unary(depth);
    const joiner = this.peek();
    const kind = this.isKeyword(joiner, 'AND') ? 'and' : this.isKeyword(joiner, 'OR') ? 'or' : null;
    if (kind === null) return first;
    const operands = [first];
    while (this.acceptKeyword(kind.toUpperCase())) operands.push(this.unary(depth));
    const other = this.peek();
    if (this.isKeyword(other, 'AND') || this.isKeyword(other, 'OR')) throw this.unexpected(other);
    const node: SoqlCondition = { kind, operands };
    this.positions.set(node, joiner.offset);
    return node;
  }

  private unary(depth: number): SoqlCondition {
    const token = this.peek();
    if (depth >= MAX_NESTING) throw this.error(token, 'query is nested too deeply');
    if (this.acceptKeyword('NOT')) {
      const operand = this.isPunctuation(this.peek(), '(')
        ? this.group(depth + 1)
        : this.simple(depth + 1);
      const node: SoqlCondition = { kind: 'not', operand };
      this.positions.set(node, token.offset);
      return node;
    }
    return this.isPunctuation(token, '(') ? this.group(depth + 1) : this.simple(depth);
  }

  private group(depth: number): SoqlCondition {
    this.expectPunctuation('(');
    const inner = this.condition(depth);
    this.expectPunctuation(')');
    return inner;
  }

  private simple(depth: number): SoqlCondition {
    const field = this.fieldPath();
    const operatorToken = this.next();
    let node: SoqlCondition;
    const comparison =
      operatorToken.kind === 'punctuation' ? COMPARISON_OPERATORS[operatorToken.text] : undefined;
    if (comparison !== undefined || this.isKeyword(operatorToken, 'LIKE')) {
      const operator = comparison ?? 'LIKE';
      const value = this.literal();
      if (value.kind === 'null' && operator !== '=' && operator !== '!=') {
        throw this.error(operatorToken, `null can only be compared with = or !=, not ${operator}`);
      }
      node = { kind: 'compare', field, operator, value };
    } else if (this.isKeyword(operatorToken, 'IN')) {
      node = this.inCondition(field, false, depth);
    } else if (this.isKeyword(operatorToken, 'NOT') && this.acceptKeyword('IN')) {
      node = this.inCondition(field, true, depth);
    } else if (
      this.isKeyword(operatorToken, 'INCLUDES') ||
      this.isKeyword(operatorToken, 'EXCLUDES')
    ) {
      throw unsupportedAt(this.text, operatorToken.offset, operatorToken.text.toUpperCase());
    } else {
      throw this.unexpected(operatorToken);
    }
    this.positions.set(node, operatorToken.offset);
    return node;
  }

  private inCondition(field: SoqlFieldRef, negated: boolean, depth: number): SoqlCondition {
    if (this.isPunctuation(this.peek(), ':')) {
      throw unsupportedAt(this.text, this.peek().offset, 'A bind variable');
    }
    this.expectPunctuation('(');
    const start = this.peek();
    if (this.isKeyword(start, 'SELECT')) {
      const query = this.query(depth + 1);
      checkSemiJoinSubquery(query, this.text, start.offset);
      this.expectPunctuation(')');
      return { kind: 'semiJoin', field, negated, query };
    }
    const values: SoqlLiteral[] = [];
    do values.push(this.literal());
    while (this.acceptPunctuation(','));
    this.expectPunctuation(')');
    return { kind: 'in', field, negated, values };
  }

  private literal(): SoqlLiteral {
    const token = this.next();
    const literal = this.literalOf(token);
    this.positions.set(literal, token.offset);
    return literal;
  }

  private literalOf(token: Token): SoqlLiteral {
    switch (token.kind) {
      case 'string':
        return { kind: 'string', value: token.value };
      case 'number':
        return { kind: 'number', text: token.text, value: Number(token.text) };
      case 'date':
        return { kind: 'date', text: token.text };
      case 'datetime':
        return { kind: 'datetime', text: token.text, epochMs: token.epochMs };
      case 'identifier':
        return this.namedLiteral(token);
      case 'punctuation':
        if (token.text === ':') throw unsupportedAt(this.text, token.offset, 'A bind variable');
        throw this.unexpected(token);
      default:
        throw this.unexpected(token);
    }
  }

  /** null, true, false, or a date literal such as TODAY or LAST_N_DAYS:30. */
  private namedLiteral(token: Token): SoqlLiteral {
    const upper = token.text.toUpperCase();
    if (upper === 'NULL') return { kind: 'null' };
    if (upper === 'TRUE' || upper === 'FALSE') return { kind: 'boolean', value: upper === 'TRUE' };
    const arity = dateLiteralArity(upper);
    if (arity === 'fixed') return { kind: 'dateLiteral', name: upper, n: null };
    if (arity === 'withN') {
      if (!this.acceptPunctuation(':')) {
        throw this.error(this.peek(), `date literal ${upper} needs a number, as in ${upper}:7`);
      }
      return { kind: 'dateLiteral', name: upper, n: this.integer(upper) };
    }
    if (/^[A-Z]{3}\d+$/.test(upper)) {
      throw unsupportedAt(this.text, token.offset, `The currency literal ${token.text}`);
    }
    throw this.unexpected(token);
  }

  private fieldPath(): SoqlFieldRef {
    const first = this.peek();
    if (first.kind === 'identifier' && this.isPunctuation(this.peek(1), '(')) {
      throw unsupportedAt(this.text, first.offset, describeFunction(first.text));
    }
    const path = [this.name().text];
    while (this.acceptPunctuation('.')) path.push(this.name().text);
    const field: SoqlFieldRef = { kind: 'field', path };
    this.positions.set(field, first.offset);
    return field;
  }

  /** An object or field name: an identifier that is not a reserved word. */
  private name(): Token {
    const token = this.next();
    if (token.kind !== 'identifier' || RESERVED.has(token.text.toUpperCase())) {
      throw this.unexpected(token);
    }
    return token;
  }

  private integer(clause: string): number {
    const token = this.next();
    if (token.kind !== 'number' || !/^\d+$/.test(token.text)) throw this.unexpected(token);
    const value = Number(token.text);
    if (value > MAX_INTEGER) {
      throw this.error(token, `${clause} must be an integer from 0 to ${MAX_INTEGER}`);
    }
    return value;
  }
}
