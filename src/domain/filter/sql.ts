// The SQL back end: compiles a bound condition to a parameterised PostgreSQL boolean expression.
// Only the caller's trusted column expression and fixed keywords reach the SQL text; every value
// from the filter is a $n parameter, and LIKE wildcards in it are escaped. Every piece evaluates
// to TRUE or FALSE, never NULL, so NOT and OR behave exactly like the JavaScript predicate.
import type { ColumnKind } from './columns';
import type { Condition, ConditionValue } from './conditions';
import { epochDayToDate } from './literals';

/** Parameterised SQL: `text` uses $n placeholders numbered from the caller's first index. */
export interface SqlFragment {
  readonly text: string;
  readonly params: string[];
}

/** The SQL always-true fragment (no filter). */
export const SQL_TRUE: SqlFragment = { text: 'TRUE', params: [] };

/** The column the SQL is about: its kind and its trusted SQL expression. */
export interface SqlColumn {
  readonly kind: ColumnKind;
  readonly sql: string;
}

/** Escapes LIKE's wildcards and its escape character in user text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** An ISO timestamp PostgreSQL reads (years past 9999 without the '+' JavaScript writes). */
function sqlTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/^\+0*(?=\d{5})/, '');
}

const LIKE_ESCAPE = "ESCAPE E'\\\\'";

class SqlWriter {
  readonly params: string[] = [];
  private readonly column: string;
  private readonly present: string;
  private readonly subject: string;

  constructor(
    private readonly kind: ColumnKind,
    sql: string,
    private readonly firstParam: number,
  ) {
    this.column = `(${sql})`;
    const asText = `${this.column}::text`;
    // Text matches lowercased text (see casefold.ts); versions compare their key without the build suffix.
    this.subject =
      kind === 'text' || kind === 'enum'
        ? `lower(${asText})`
        : kind === 'version'
          ? `split_part(${asText}, '_', 1)`
          : this.column;
    // Written as two tests rather than coalesce(…) <> '', so that its negation (blank: IS NULL
    // OR = '') is something an index on the column answers instead of a read of every row.
    this.present =
      kind === 'text' || kind === 'enum' || kind === 'version'
        ? `${this.column} IS NOT NULL AND ${asText} <> ''`
        : `${this.column} IS NOT NULL`;
  }

  private param(value: ConditionValue): string {
    this.params.push(this.serialise(value));
    const placeholder = `$${this.firstParam + this.params.length - 1}`;
    switch (this.kind) {
      case 'number':
        return `${placeholder}::numeric`;
      case 'datetime':
        return `${placeholder}::timestamptz`;
      case 'date':
        return `${placeholder}::date`;
      default:
        return `${placeholder}::text`;
    }
  }

  private serialise(value: ConditionValue): string {
    if (typeof value === 'string') return value;
    if (this.kind === 'datetime') return sqlTimestamp(value);
    if (this.kind === 'date') return epochDayToDate(value);
    return String(value);
  }

  /** Guards a comparison so a NULL (or empty text) column gives FALSE rather than NULL. */
  private guarded(comparison: string, allowEmpty: boolean): string {
    const guard = allowEmpty ? `${this.column} IS NOT NULL` : this.present;
    return `(${guard} AND ${comparison})`;
  }

  write(condition: Condition): string {
    switch (condition.type) {
      case 'all':
        return 'TRUE';
      case 'or':
      case 'and': {
        const joiner = condition.type === 'or' ? ' OR ' : ' AND ';
        return `(${condition.operands.map((c) => this.write(c)).join(joiner)})`;
      }
      case 'not':
        return `(NOT ${this.write(condition.operand)})`;
      case 'present':
        return `(${this.present})`;
      case 'pattern':
        return this.pattern(condition.test, condition.value);
      case 'order': {
        const collate = typeof condition.value === 'string' ? ' COLLATE "C"' : '';
        const comparison = `${this.subject}${collate} ${condition.comparator} ${this.param(condition.value)}`;
        return this.guarded(comparison, typeof condition.value !== 'string');
      }
      case 'range':
        return this.guarded(
          `${this.subject} >= ${this.param(condition.start)} AND ${this.subject} < ${this.param(condition.end)}`,
          true,
        );
      case 'truth':
        return condition.value ? `(${this.column} IS TRUE)` : `(${this.column} IS NOT TRUE)`;
    }
  }

  private pattern(test: 'contains' | 'startsWith' | 'endsWith' | 'equals', value: string): string {
    const textual = this.kind === 'text' || this.kind === 'enum';
    if (test === 'equals') {
      // For text, NULL reads as '' (so "" matches empty and null values).
      if (textual && value === '') return `(${this.column} IS NULL OR ${this.column}::text = '')`;
      return this.guarded(`${this.subject} = ${this.param(value)}`, true);
    }
    const escaped = escapeLike(value);
    const pattern =
      test === 'startsWith' ? `${escaped}%` : test === 'endsWith' ? `%${escaped}` : `%${escaped}%`;
    return this.guarded(`${this.subject} LIKE ${this.param(pattern)} ${LIKE_ESCAPE}`, true);
  }
}

/**
 * Compiles a condition on a column to SQL. Placeholders start at firstParam ($1 by default) so
 * the caller can AND several columns' fragments: the next free index is firstParam + params.length.
 */
export function conditionToSql(
  condition: Condition,
  column: SqlColumn,
  firstParam = 1,
): SqlFragment {
  if (!Number.isInteger(firstParam) || firstParam < 1)
    throw new RangeError('firstParam must be a positive integer');
  const writer = new SqlWriter(column.kind, column.sql, firstParam);
  const text = writer.write(condition);
  return { text, params: writer.params };
}

/** ANDs fragments compiled with consecutive parameter numbers (see compileFilters for the usual way). */
export function andSql(fragments: readonly SqlFragment[]): SqlFragment {
  if (fragments.length === 0) return SQL_TRUE;
  if (fragments.length === 1 && fragments[0]) return fragments[0];
  return {
    text: `(${fragments.map((f) => f.text).join(' AND ')})`,
    params: fragments.flatMap((f) => f.params),
  };
}
