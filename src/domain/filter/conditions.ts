// A filter bound to a column kind: every value resolved and normalised, every macro evaluated.
// Both back ends (the JavaScript predicate and the SQL compiler) read only this form, so they
// cannot interpret an expression differently.
import type { Comparator } from './ast';

/**
 * Values by column kind: text and enum → lowercased text; version → padded sort key (or
 * prefix); number → the number; datetime → epoch milliseconds; date → days since 1970-01-01.
 */
export type ConditionValue = string | number;

/** A condition on one column's value. Null values never match a comparison or a pattern. */
export type Condition =
  /** Every row (e.g. an empty 'contains'). */
  | { readonly type: 'all' }
  | { readonly type: 'or'; readonly operands: readonly Condition[] }
  | { readonly type: 'and'; readonly operands: readonly Condition[] }
  | { readonly type: 'not'; readonly operand: Condition }
  /** Has a value: not null, and for text and versions not ''. */
  | { readonly type: 'present' }
  /** Text (lowercased) or version key matching; for text a null value reads as ''. */
  | {
      readonly type: 'pattern';
      readonly test: 'contains' | 'startsWith' | 'endsWith' | 'equals';
      readonly value: string;
    }
  /** An ordering comparison; empty text never compares. */
  | { readonly type: 'order'; readonly comparator: Comparator; readonly value: ConditionValue }
  /** Membership in the half-open range [start, end). */
  | { readonly type: 'range'; readonly start: number; readonly end: number }
  /** Boolean: true matches true only; false matches false and null ("not true"). */
  | { readonly type: 'truth'; readonly value: boolean };
