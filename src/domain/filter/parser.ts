// Recursive-descent parser of the filter language. Grammar, loosest binding first:
//
//   filter  := or?                                   (empty input: no filter)
//   or      := and (('||' | ',' | <space>) and)*     (commas may repeat, lead or trail)
//   and     := unary ('&&' unary)*
//   unary   := '!' unary | '?' | ('<' | '<=' | '>' | '>=' | '#') operand | MACRO | primary
//   primary := VALUE | '(' or ')'
//   operand := VALUE | MACRO
import type { Comparator, FilterExpression, MatchMode, Operand, ValueOperand } from './ast';
import { FilterSyntaxError } from './errors';
import { parseMacro } from './macros';
import { tokenize, type Token, type ValueToken } from './tokenizer';

/** Deepest nesting of parentheses and '!' accepted. */
export const MAX_FILTER_DEPTH = 64;

/** Parses a filter expression; null when it is empty or blank. Throws FilterSyntaxError only. */
export function parseFilter(input: string): FilterExpression | null {
  return new Parser(tokenize(input)).parseFilter();
}

const START_OF_UNARY: ReadonlySet<Token['type']> = new Set([
  'not',
  'has',
  'compare',
  'eq',
  'macro',
  'value',
  'lparen',
]);

function describe(token: Token): string {
  switch (token.type) {
    case 'and':
      return '&&';
    case 'or':
      return '||';
    case 'not':
      return '!';
    case 'eq':
      return '#';
    case 'compare':
      return token.comparator;
    default:
      return token.type;
  }
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  /** The next token (a method, so type narrowing never outlives a call that advances). */
  private peek(): Token {
    return (
      this.tokens[this.index] ??
      this.tokens[this.tokens.length - 1] ?? { type: 'eof', start: 0, end: 0 }
    );
  }

  private advance(): Token {
    const token = this.peek();
    if (token.type !== 'eof') this.index++;
    return token;
  }

  private skipCommas(): void {
    while (this.peek().type === 'comma') this.advance();
  }

  parseFilter(): FilterExpression | null {
    this.skipCommas();
    if (this.peek().type === 'eof') return null;
    const expression = this.parseOr();
    const rest = this.peek();
    if (rest.type === 'rparen')
      throw new FilterSyntaxError('This ) has no matching (', rest.start, rest.end);
    if (rest.type !== 'eof')
      throw new FilterSyntaxError(`Unexpected ${describe(rest)}`, rest.start, rest.end);
    return expression;
  }

  private parseOr(): FilterExpression {
    const operands = [this.parseAnd()];
    for (;;) {
      const token = this.peek();
      if (token.type === 'or') {
        this.advance();
        this.requireOperand(token);
      } else if (token.type === 'comma') {
        this.skipCommas();
        if (!START_OF_UNARY.has(this.peek().type)) break;
      } else if (!START_OF_UNARY.has(token.type)) {
        break;
      }
      operands.push(this.parseAnd());
    }
    return this.combine('or', operands);
  }

  private parseAnd(): FilterExpression {
    const operands = [this.parseUnary()];
    while (this.peek().type === 'and') {
      this.requireOperand(this.advance());
      operands.push(this.parseUnary());
    }
    return this.combine('and', operands);
  }

  private combine(type: 'or' | 'and', operands: FilterExpression[]): FilterExpression {
    const [first] = operands;
    const last = operands[operands.length - 1];
    if (operands.length === 1 && first) return first;
    return { type, operands, start: first?.start ?? 0, end: last?.end ?? 0 };
  }

  /** After an operator that needs something to its right, refuses anything that cannot start a value. */
  private requireOperand(operator: Token): void {
    if (!START_OF_UNARY.has(this.peek().type)) {
      throw new FilterSyntaxError(
        `Expected a value after ${describe(operator)}`,
        this.peek().start,
        this.peek().end,
      );
    }
  }

  private nest<T>(at: Token, parse: () => T): T {
    if (++this.depth > MAX_FILTER_DEPTH) {
      throw new FilterSyntaxError(
        `The filter nests too deeply (at most ${MAX_FILTER_DEPTH} levels)`,
        at.start,
        at.end,
      );
    }
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private parseUnary(): FilterExpression {
    const token = this.peek();
    switch (token.type) {
      case 'not': {
        this.advance();
        this.requireOperand(token);
        const operand = this.nest(token, () => this.parseUnary());
        return { type: 'not', operand, start: token.start, end: operand.end };
      }
      case 'has':
        this.advance();
        return { type: 'hasValue', start: token.start, end: token.end };
      case 'compare':
      case 'eq': {
        this.advance();
        const comparator: Comparator = token.type === 'compare' ? token.comparator : '=';
        const operand = this.parseOperand(token);
        return { type: 'compare', comparator, operand, start: token.start, end: operand.end };
      }
      case 'macro': {
        const operand = this.parseOperand(token);
        return { type: 'compare', comparator: '=', operand, start: token.start, end: token.end };
      }
      case 'value': {
        this.advance();
        return {
          type: 'match',
          mode: matchMode(token),
          value: valueOperand(token),
          start: token.start,
          end: token.end,
        };
      }
      case 'lparen':
        return this.parseGroup(token);
      case 'rparen':
        throw new FilterSyntaxError('This ) has no matching (', token.start, token.end);
      case 'and':
      case 'or':
        throw new FilterSyntaxError(
          `Expected a value before ${describe(token)}`,
          token.start,
          token.end,
        );
      default:
        throw new FilterSyntaxError('Expected a value', token.start, token.end);
    }
  }

  private parseGroup(open: Token): FilterExpression {
    this.advance();
    this.skipCommas();
    if (this.peek().type === 'rparen') {
      throw new FilterSyntaxError(
        'Expected a value inside ( )',
        this.peek().start,
        this.peek().end,
      );
    }
    const inner = this.nest(open, () => this.parseOr());
    this.skipCommas();
    if (this.peek().type !== 'rparen') {
      throw new FilterSyntaxError('Missing ) to close this (', open.start, open.end);
    }
    this.advance();
    return inner;
  }

  /** The value or macro after '#', '<', '<=', '>' or '>=' (or a bare macro). */
  private parseOperand(operator: Token): Operand {
    const token = operator.type === 'macro' ? operator : this.peek();
    if (token.type === 'macro') {
      this.advance();
      return {
        type: 'macro',
        macro: parseMacro(token.name, token.start, token.end),
        start: token.start,
        end: token.end,
      };
    }
    if (token.type !== 'value') {
      throw new FilterSyntaxError(
        `Expected a value after ${describe(operator)}`,
        token.start,
        token.end,
      );
    }
    if (token.anchorStart || token.anchorEnd) {
      throw new FilterSyntaxError(
        `A $ anchor cannot follow ${describe(operator)}`,
        token.start,
        token.end,
      );
    }
    this.advance();
    return valueOperand(token);
  }
}

function matchMode(token: ValueToken): MatchMode {
  if (token.quote === 'double' || (token.anchorStart && token.anchorEnd)) return 'exact';
  if (token.anchorStart) return 'startsWith';
  return token.anchorEnd ? 'endsWith' : 'contains';
}

function valueOperand(token: ValueToken): ValueOperand {
  return {
    type: 'value',
    text: token.text,
    quote: token.quote,
    start: token.start,
    end: token.end,
  };
}
