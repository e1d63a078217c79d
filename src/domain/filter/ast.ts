// The syntax tree of a filter expression. It records what was written, independent of any
// column; binding to a column (bind.ts) gives it meaning. Every node keeps its span in the input.
import { macroText, type Macro } from './macros';
import type { OrderComparator, QuoteStyle } from './tokenizer';

/** Offsets of a node in the input (UTF-16, end exclusive). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A literal value as written. */
export interface ValueOperand extends Span {
  readonly type: 'value';
  readonly text: string;
  readonly quote: QuoteStyle;
}

/** A macro used as a value. */
export interface MacroOperand extends Span {
  readonly type: 'macro';
  readonly macro: Macro;
}

/** What a comparison compares with. */
export type Operand = ValueOperand | MacroOperand;

/** How a written value matches: bare text contains, $ anchors start/end, double quotes exact. */
export type MatchMode = 'contains' | 'startsWith' | 'endsWith' | 'exact';

/** '=' is written '#' (or is implied by a bare macro); the others as written. */
export type Comparator = '=' | OrderComparator;

/** Any of several alternatives (comma, space or ||). */
export interface OrNode extends Span {
  readonly type: 'or';
  readonly operands: readonly FilterExpression[];
}

/** All of several conditions (&&). */
export interface AndNode extends Span {
  readonly type: 'and';
  readonly operands: readonly FilterExpression[];
}

/** The opposite of a condition (!). */
export interface NotNode extends Span {
  readonly type: 'not';
  readonly operand: FilterExpression;
}

/** The value is not empty (?). */
export interface HasValueNode extends Span {
  readonly type: 'hasValue';
}

/** A bare or quoted value. */
export interface MatchNode extends Span {
  readonly type: 'match';
  readonly mode: MatchMode;
  readonly value: ValueOperand;
}

/** A comparison: '#', '<', '<=', '>', '>=' or a bare macro. */
export interface CompareNode extends Span {
  readonly type: 'compare';
  readonly comparator: Comparator;
  readonly operand: Operand;
}

/** A filter expression. */
export type FilterExpression = OrNode | AndNode | NotNode | HasValueNode | MatchNode | CompareNode;

function quoteValue(value: ValueOperand, quote: '"' | "'"): string {
  return `${quote}${value.text.split(quote).join(quote + quote)}${quote}`;
}

function printValue(value: ValueOperand, mode: MatchMode): string {
  if (mode === 'exact') return quoteValue(value, '"');
  const body = quoteValue(value, "'");
  return `${mode === 'startsWith' ? '$' : ''}${body}${mode === 'endsWith' ? '$' : ''}`;
}

function printOperand(operand: Operand): string {
  return operand.type === 'macro' ? macroText(operand.macro) : quoteValue(operand, "'");
}

/**
 * Writes an expression back as canonical text (values quoted, groups parenthesised) that
 * parses to the same tree.
 */
export function printFilter(expression: FilterExpression): string {
  switch (expression.type) {
    case 'or':
      return `(${expression.operands.map(printFilter).join(' || ')})`;
    case 'and':
      return `(${expression.operands.map(printFilter).join(' && ')})`;
    case 'not':
      return `!${printFilter(expression.operand)}`;
    case 'hasValue':
      return '?';
    case 'match':
      return printValue(expression.value, expression.mode);
    case 'compare': {
      const operator = expression.comparator === '=' ? '#' : expression.comparator;
      return `${operator} ${printOperand(expression.operand)}`;
    }
  }
}
