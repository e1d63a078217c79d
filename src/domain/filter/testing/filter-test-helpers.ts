// Shared by the filter semantics tests: one fixed context, and helpers that compile a filter for
// a single column and select the values it matches, or return the syntax error it raises.
import type { ColumnKind, FilterColumn, FilterContext } from '../columns';
import { FilterSyntaxError } from '../errors';
import { compileFilter } from '../index';

export const testContext: FilterContext = {
  now: new Date('2024-05-15T14:30:00Z'), // Wednesday 10:30 in New York (EDT, UTC-4)
  timeZone: 'America/New_York',
  username: 'ops@acme.com',
};

export function select<T>(
  kind: ColumnKind,
  input: string,
  values: readonly T[],
  extra: Partial<FilterColumn> = {},
): T[] {
  const filter = compileFilter(input, { id: 'column', kind, sql: 'column', ...extra }, testContext);
  return values.filter((value) => filter.matches(value));
}

export function syntaxError(
  kind: ColumnKind,
  input: string,
  extra: Partial<FilterColumn> = {},
): FilterSyntaxError {
  try {
    compileFilter(input, { id: 'column', kind, ...extra }, testContext);
  } catch (error) {
    if (error instanceof FilterSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be refused`);
}
