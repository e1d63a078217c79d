// Builds one parameterised statement piece by piece: every value becomes the next $n, so scope
// conditions, compiled filters and LIMIT/OFFSET can be joined without renumbering by hand.
import type { SqlFragment } from '../../../domain';

export class SqlBuilder {
  readonly params: unknown[] = [];

  /** Adds a value and answers its placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** Adds a fragment compiled with placeholders starting at the next free number. */
  fragment(compile: (firstParam: number) => SqlFragment): string {
    const fragment = compile(this.params.length + 1);
    this.params.push(...fragment.params);
    return fragment.text;
  }
}

/** An array literal of `values` as one parameter ('{"a","b"}'), each quoted and escaped. */
export const arrayLiteral = (values: readonly string[]): string =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** Conditions that narrow a list before the user's filters (a group's members, one org's licenses). */
export type Scope = (builder: SqlBuilder) => string;

export const NO_SCOPE: Scope = () => 'TRUE';

/** All of several scopes. */
export function allOf(...scopes: (Scope | undefined | false)[]): Scope {
  const present = scopes.filter((scope): scope is Scope => typeof scope === 'function');
  if (present.length === 0) return NO_SCOPE;
  return (builder) => present.map((scope) => `(${scope(builder)})`).join(' AND ');
}
