// Compiles a WHERE clause once into a predicate closure: names are resolved, literals turned
// into keys and types checked before the first record is read, so a scan over a million
// records only runs small closures. Null semantics follow SOQL, not SQL: `Field != 'x'` and
// `Field NOT IN (…)` include records whose Field is null; ordering comparisons and LIKE never
// match null.

import type {
  SoqlComparisonOperator,
  SoqlCondition,
  SoqlFieldRef,
  SoqlLiteral,
  SoqlQuery,
  SourcePositions,
} from './ast';
import { soqlErrorAt, type SoqlError } from './errors';
import { keyKindOf, keyOfValue, operandOf, type Key, type KeyKind, type Operand } from './keys';
import { compileLike } from './like';
import type { ResolvedField } from './resolve';
import type { SoqlFieldSchema, SoqlRecord } from './source';

export type Predicate = (record: SoqlRecord) => boolean;

export interface CompileEnv {
  readonly text: string;
  readonly positions: SourcePositions;
  readonly now: Date;
  resolve(ref: SoqlFieldRef): ResolvedField;
  /** Id keys (see keys.ts) of the values a semi-join's inner query selects. */
  semiJoinKeys(query: SoqlQuery): ReadonlySet<string>;
}

/** How Salesforce names field types in filter errors. */
const TYPE_LABELS: Readonly<Record<SoqlFieldSchema['type'], string>> = {
  id: 'id',
  reference: 'id',
  string: 'string',
  textarea: 'string',
  picklist: 'string',
  boolean: 'boolean',
  int: 'integer',
  double: 'double',
  currency: 'currency',
  percent: 'percent',
  date: 'date',
  datetime: 'dateTime',
};

export function compileCondition(condition: SoqlCondition, env: CompileEnv): Predicate {
  switch (condition.kind) {
    case 'and': {
      const operands = condition.operands.map((operand) => compileCondition(operand, env));
      return (record) => {
        for (let i = 0; i < operands.length; i++) {
          if (!(operands[i] as Predicate)(record)) return false;
        }
        return true;
      };
    }
    case 'or': {
      const operands = condition.operands.map((operand) => compileCondition(operand, env));
      return (record) => {
        for (let i = 0; i < operands.length; i++) {
          if ((operands[i] as Predicate)(record)) return true;
        }
        return false;
      };
    }
    case 'not': {
      const operand = compileCondition(condition.operand, env);
      return (record) => !operand(record);
    }
    case 'compare':
      return compileComparison(
        condition.field,
        condition.operator,
        condition.value,
        env.positions.get(condition) ?? 0,
        env,
      );
    case 'in':
      return compileIn(condition.field, condition.negated, condition.values, env);
    case 'semiJoin':
      return compileSemiJoin(condition.field, condition.negated, condition.query, env);
  }
}

interface TypedField {
  readonly resolved: ResolvedField;
  readonly kind: KeyKind;
  /** The record's key for this field, null when the value is null. */
  readonly key: (record: SoqlRecord) => Key | null;
}

function typedField(ref: SoqlFieldRef, env: CompileEnv): TypedField {
  const resolved = env.resolve(ref);
  const kind = keyKindOf(resolved.field.type);
  const keyOf = keyOfValue(kind);
  const read = resolved.read;
  return { resolved, kind, key: (record) => keyOf(read(record)) };
}

function compileComparison(
  ref: SoqlFieldRef,
  operator: SoqlComparisonOperator,
  literal: SoqlLiteral,
  operatorOffset: number,
  env: CompileEnv,
): Predicate {
  const field = typedField(ref, env);
  if (operator === 'LIKE') {
    if (field.kind !== 'text') throw invalidOperator(env, operatorOffset, operator, field);
    if (literal.kind !== 'string') throw typeMismatch(env, literal, field);
    const matches = compileLike(literal.value);
    const read = field.resolved.read;
    return (record) => {
      const value = read(record);
      return typeof value === 'string' && matches(value);
    };
  }
  if (field.kind === 'boolean' && operator !== '=' && operator !== '!=') {
    throw invalidOperator(env, operatorOffset, operator, field);
  }
  const operand = operandOf(literal, field.kind, env.now);
  if (!operand) throw typeMismatch(env, literal, field);
  return comparePredicate(field.key, operator, operand);
}

type Ordering = Exclude<SoqlComparisonOperator, 'LIKE'>;

/** Tests of a non-null key against a literal's key. Keys compared are always of one type
 *  (the field's), so `<` is well defined. */
const KEY_TESTS: Readonly<Record<Ordering, (key: Key, value: Key) => boolean>> = {
  '=': (key, value) => key === value,
  '!=': (key, value) => key !== value,
  '<': (key, value) => key < value,
  '<=': (key, value) => key <= value,
  '>': (key, value) => key > value,
  '>=': (key, value) => key >= value,
};

/** Tests of a non-null key against a range [start, end): `<` means before it starts, `<=`
 *  before it ends, `>` from its end on, `>=` from its start on. */
const RANGE_TESTS: Readonly<Record<Ordering, (key: Key, start: string, end: string) => boolean>> = {
  '=': (key, start, end) => key >= start && key < end,
  '!=': (key, start, end) => key < start || key >= end,
  '<': (key, start) => key < start,
  '<=': (key, _start, end) => key < end,
  '>': (key, _start, end) => key >= end,
  '>=': (key, start) => key >= start,
};

function comparePredicate(
  key: (record: SoqlRecord) => Key | null,
  operator: Ordering,
  operand: Operand,
): Predicate {
  if (operand.kind === 'null') {
    return operator === '=' ? (record) => key(record) === null : (record) => key(record) !== null;
  }
  // A null value only ever satisfies `!=`.
  const whenNull = operator === '!=';
  if (operand.kind === 'key') {
    const test = KEY_TESTS[operator];
    const value = operand.key;
    return (record) => {
      const k = key(record);
      return k === null ? whenNull : test(k, value);
    };
  }
  const test = RANGE_TESTS[operator];
  const { start, end } = operand;
  return (record) => {
    const k = key(record);
    return k === null ? whenNull : test(k, start, end);
  };
}

function compileIn(
  ref: SoqlFieldRef,
  negated: boolean,
  literals: readonly SoqlLiteral[],
  env: CompileEnv,
): Predicate {
  const field = typedField(ref, env);
  const keys = new Set<Key>();
  const ranges: { start: string; end: string }[] = [];
  let includesNull = false;
  for (const literal of literals) {
    const operand = operandOf(literal, field.kind, env.now);
    if (!operand) throw typeMismatch(env, literal, field);
    if (operand.kind === 'null') includesNull = true;
    else if (operand.kind === 'key') keys.add(operand.key);
    else ranges.push(operand);
  }
  const member = (k: Key | null): boolean => {
    if (k === null) return includesNull;
    if (keys.has(k)) return true;
    for (const range of ranges) if (k >= range.start && k < range.end) return true;
    return false;
  };
  const key = field.key;
  return negated ? (record) => !member(key(record)) : (record) => member(key(record));
}

function compileSemiJoin(
  ref: SoqlFieldRef,
  negated: boolean,
  query: SoqlQuery,
  env: CompileEnv,
): Predicate {
  const field = typedField(ref, env);
  if (field.kind !== 'id') {
    throw soqlErrorAt(
      'INVALID_FIELD',
      env.text,
      env.positions.get(ref) ?? 0,
      `The left operand '${field.resolved.canonicalPath}' of a semi-join must be an Id or reference field`,
    );
  }
  const selected = env.semiJoinKeys(query);
  const key = field.key;
  const member = (record: SoqlRecord) => {
    const k = key(record);
    return typeof k === 'string' && selected.has(k);
  };
  return negated ? (record) => !member(record) : member;
}

function typeMismatch(env: CompileEnv, literal: SoqlLiteral, field: TypedField): SoqlError {
  const quoted = field.kind === 'text' || field.kind === 'id';
  return soqlErrorAt(
    'INVALID_FIELD',
    env.text,
    env.positions.get(literal) ?? 0,
    `value of filter criterion for field '${field.resolved.field.name}' must be of type ${TYPE_LABELS[field.resolved.field.type]} and should ${quoted ? '' : 'not '}be enclosed in quotes`,
  );
}

function invalidOperator(
  env: CompileEnv,
  offset: number,
  operator: SoqlComparisonOperator,
  field: TypedField,
): SoqlError {
  const type = TYPE_LABELS[field.resolved.field.type];
  return soqlErrorAt(
    'INVALID_FIELD',
    env.text,
    offset,
    `invalid operator on ${type} field '${field.resolved.field.name}': ${operator} is not allowed`,
  );
}
