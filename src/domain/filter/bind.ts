// Gives a parsed expression its meaning for one column kind: values are read as numbers, dates,
// versions or yes/no, macros are evaluated, and anything meaningless for the kind is a
// FilterSyntaxError pointing at the value.
import { calendarDateCeiling, calendarDateOf, isValidTimeZone } from '../time';
import { versionKeyPrefix, versionSegments, versionSortKey } from '../versions';
import type { Comparator, FilterExpression, MatchMode, Operand, ValueOperand } from './ast';
import { foldCase } from './casefold';
import { columnLabel, type ColumnKind, type FilterColumn, type FilterContext } from './columns';
import type { Condition } from './conditions';
import { FilterSyntaxError } from './errors';
import {
  epochDay,
  parseBooleanLiteral,
  parseCalendarLiteral,
  parseDateTimeLiteral,
  parseNumberLiteral,
} from './literals';
import {
  macroText,
  resolveTimeMacro,
  type Macro,
  type TimeContext,
  type TimeValue,
} from './macros';

const KIND_NAMES: Readonly<Record<ColumnKind, string>> = {
  text: 'text',
  enum: 'status',
  number: 'number',
  datetime: 'date-time',
  date: 'date',
  boolean: 'yes/no',
  version: 'version',
};

/** A comparison or match, reduced to what every kind needs: the comparator and the operand. */
interface Leaf {
  readonly comparator: Comparator;
  readonly mode: MatchMode | null;
  readonly operand: Operand;
}

/** Binds an expression to a column; throws FilterSyntaxError when it makes no sense for the column. */
export function bindFilter(
  expression: FilterExpression,
  column: FilterColumn,
  context: FilterContext,
): Condition {
  const binder = new Binder(column, context);
  return binder.bind(expression);
}

class Binder {
  private readonly kindName: string;

  constructor(
    private readonly column: FilterColumn,
    private readonly context: FilterContext,
  ) {
    this.kindName = KIND_NAMES[column.kind];
    if (
      (column.kind === 'date' || column.kind === 'datetime') &&
      !isValidTimeZone(context.timeZone)
    ) {
      throw new RangeError(`Unknown time zone '${context.timeZone}'`);
    }
  }

  bind(expression: FilterExpression): Condition {
    switch (expression.type) {
      case 'or':
      case 'and':
        return { type: expression.type, operands: expression.operands.map((e) => this.bind(e)) };
      case 'not':
        return { type: 'not', operand: this.bind(expression.operand) };
      case 'hasValue':
        return { type: 'present' };
      case 'match':
        return this.leaf({ comparator: '=', mode: expression.mode, operand: expression.value });
      case 'compare':
        return this.leaf({
          comparator: expression.comparator,
          mode: null,
          operand: expression.operand,
        });
    }
  }

  private fail(reason: string, at: Operand): never {
    throw new FilterSyntaxError(reason, at.start, at.end);
  }

  private leaf(leaf: Leaf): Condition {
    const { operand } = leaf;
    if (operand.type === 'macro') return this.macroLeaf(leaf, operand.macro, operand);
    if (leaf.mode === 'startsWith' || leaf.mode === 'endsWith') {
      if (
        this.column.kind !== 'text' &&
        this.column.kind !== 'enum' &&
        this.column.kind !== 'version'
      ) {
        this.fail(`$ works only on text; this is a ${this.kindName} column`, operand);
      }
    }
    switch (this.column.kind) {
      case 'text':
      case 'enum':
        return this.textLeaf(leaf, operand, operand.text);
      case 'number':
        return { type: 'order', comparator: leaf.comparator, value: this.number(operand) };
      case 'version':
        return this.versionLeaf(leaf, operand);
      case 'boolean':
        return this.booleanLeaf(leaf, operand);
      case 'datetime':
        return timeCondition(leaf.comparator, this.dateTime(operand));
      case 'date':
        return this.dateCondition(leaf.comparator, this.calendar(operand));
    }
  }

  private macroLeaf(leaf: Leaf, macro: Macro, at: Operand): Condition {
    const kind = this.column.kind;
    if (macro.kind === 'me') {
      if (kind !== 'text')
        this.fail(`#ME works only on text columns; this is a ${this.kindName} column`, at);
      const username = this.context.username;
      if (!username) this.fail('#ME needs a signed-in user', at);
      return this.textLeaf({ ...leaf, mode: 'exact' }, at, username);
    }
    if (kind !== 'date' && kind !== 'datetime') {
      this.fail(
        `${macroText(macro)} works only on date columns; this is a ${this.kindName} column`,
        at,
      );
    }
    const value = resolveTimeMacro(macro, this.timeContext());
    if (kind === 'datetime') return timeCondition(leaf.comparator, value);
    // On a date column, an instant is its whole day and a range covers every day it touches.
    const zone = this.context.timeZone;
    const days =
      value.kind === 'instant'
        ? dayOf(calendarDateOf(value.at, zone))
        : {
            start: dayOf(calendarDateOf(value.start, zone)).start,
            end: dayOf(calendarDateCeiling(value.end, zone)).start,
          };
    return this.dateCondition(leaf.comparator, days);
  }

  private timeContext(): TimeContext {
    const nowMs = this.context.now instanceof Date ? this.context.now.getTime() : this.context.now;
    if (!Number.isFinite(nowMs)) throw new RangeError('The filter context has no valid "now"');
    return { nowMs, timeZone: this.context.timeZone, weekStartsOn: this.context.weekStartsOn ?? 0 };
  }

  private textLeaf(leaf: Leaf, at: Operand, text: string): Condition {
    const value = foldCase(text);
    let condition: Condition;
    if (leaf.comparator !== '=') {
      if (this.column.kind === 'enum')
        this.fail(`Use a ${this.kindName} name, not ${leaf.comparator}, on this column`, at);
      condition = { type: 'order', comparator: leaf.comparator, value };
    } else {
      const mode = leaf.mode ?? 'exact';
      if (mode !== 'exact' && value === '') return { type: 'all' };
      const test = mode === 'exact' ? 'equals' : mode;
      condition = { type: 'pattern', test, value };
      this.checkEnumValue(test, value, at);
    }
    return condition;
  }

  /** For enum columns with known labels, refuses a value that can match none of them (a typo). */
  private checkEnumValue(
    test: 'contains' | 'startsWith' | 'endsWith' | 'equals',
    value: string,
    at: Operand,
  ): void {
    const labels = this.column.values;
    if (this.column.kind !== 'enum' || !labels || labels.length === 0) return;
    const matches = labels.some((label) => {
      const folded = foldCase(label);
      if (test === 'equals') return folded === value;
      return test === 'contains'
        ? folded.includes(value)
        : test === 'startsWith'
          ? folded.startsWith(value)
          : folded.endsWith(value);
    });
    if (!matches) {
      const text = at.type === 'value' ? at.text : '';
      this.fail(
        `No ${columnLabel(this.column)} matches '${text}'; use one of: ${labels.join(', ')}`,
        at,
      );
    }
  }

  private number(at: ValueOperand): number {
    const value = parseNumberLiteral(at.text);
    if (value === null) this.fail(`'${at.text}' is not a number (this is a number column)`, at);
    return value;
  }

  private versionLeaf(leaf: Leaf, at: ValueOperand): Condition {
    if (versionSegments(at.text) === null) {
      this.fail(`'${at.text}' is not a version number like 1.2.3 (this is a version column)`, at);
    }
    if (leaf.comparator !== '=')
      return { type: 'order', comparator: leaf.comparator, value: versionSortKey(at.text) };
    switch (leaf.mode) {
      case 'contains':
      case 'startsWith':
        return { type: 'pattern', test: 'startsWith', value: versionKeyPrefix(at.text) };
      case 'endsWith':
        return { type: 'pattern', test: 'endsWith', value: versionKeyPrefix(at.text) };
      default:
        return { type: 'pattern', test: 'equals', value: versionSortKey(at.text) };
    }
  }

  private booleanLeaf(leaf: Leaf, at: ValueOperand): Condition {
    if (leaf.comparator !== '=')
      this.fail(`${leaf.comparator} does not apply to a yes/no column`, at);
    const value = parseBooleanLiteral(at.text);
    if (value === null)
      this.fail(`'${at.text}' is not yes or no (use t, y, f or n on this column)`, at);
    return { type: 'truth', value };
  }

  private dateTime(at: ValueOperand): TimeValue {
    const value = parseDateTimeLiteral(at.text, this.context.timeZone);
    if (value === null) {
      this.fail(
        `'${at.text}' is not a date or time like 2024-05-31 or 2024-05-31T14:30 (this is a date-time column)`,
        at,
      );
    }
    return value;
  }

  private calendar(at: ValueOperand): { start: number; end: number } {
    const value = parseCalendarLiteral(at.text);
    if (value === null)
      this.fail(
        `'${at.text}' is not a date like 2024-05-31, 2024-05 or 2024 (this is a date column)`,
        at,
      );
    return value;
  }

  /** Dates are whole days, so every date value is a range of days. */
  private dateCondition(comparator: Comparator, days: { start: number; end: number }): Condition {
    return timeCondition(comparator, { kind: 'range', ...days });
  }
}

function dayOf(date: string): { start: number; end: number } {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const start = epochDay(year, month, day);
  return { start, end: start + 1 };
}

/**
 * A comparison with an instant or a range [start, end): '#' means inside the range; '>' after
 * it (from its end); '>=' from its start; '<' before its start; '<=' up to its end.
 */
function timeCondition(comparator: Comparator, value: TimeValue): Condition {
  if (value.kind === 'instant') return { type: 'order', comparator, value: value.at };
  switch (comparator) {
    case '=':
      return { type: 'range', start: value.start, end: value.end };
    case '>':
      return { type: 'order', comparator: '>=', value: value.end };
    case '>=':
      return { type: 'order', comparator: '>=', value: value.start };
    case '<':
      return { type: 'order', comparator: '<', value: value.start };
    case '<=':
      return { type: 'order', comparator: '<', value: value.end };
  }
}
