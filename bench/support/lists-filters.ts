// A list's filter shapes: the filter kinds each column type takes, and their values sampled out of
// the list itself (its columns and kinds come from the list's definition:
// src/domain/api/list-columns.ts), so a column added to a list is measured without a change here.
// Every generated filter is checked with the domain's own parser before it is measured.
import {
  compileFilter,
  versionSortKey,
  type ColumnKind,
  type ListColumn,
  type ListDefinition,
} from '../../src/domain';
import {
  TIME_ZONE,
  describeFilter,
  pick,
  shuffled,
  type Rng,
  type ShapeFilter,
} from './lists-shapes';

/** The values of a column in the sampled rows (nulls and empty text left out). */
export function columnValues(
  rows: readonly Record<string, unknown>[],
  column: ListColumn,
): unknown[] {
  const field = column.field ?? column.id;
  return rows
    .map((row) => row[field])
    .filter((value) => value !== null && value !== undefined && value !== '');
}

const single = (text: string) => `'${text.split("'").join("''")}'`;
const double = (text: string) => `"${text.split('"').join('""')}"`;

/** In how many of the values each 3-character piece of a word occurs. */
function trigramCounts(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) {
    const seen = new Set<string>();
    for (const word of value.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      for (let i = 0; i + 3 <= word.length; i++) seen.add(word.slice(i, i + 3));
    }
    for (const trigram of seen) counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
  }
  return counts;
}

function byCount(counts: Map<string, number>): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function quantile<T>(sorted: readonly T[], q: number): T {
  const value = sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  if (value === undefined) throw new Error('quantile of nothing');
  return value;
}

/** Answers the number of rows a filter on a column matches (the list's total for it). */
export type Probe = (column: string, value: string) => Promise<number>;

/** The filter kinds of each column type, as the filter language offers them (help.ts). */
export const FILTER_KINDS: Readonly<Record<ColumnKind, readonly string[]>> = {
  text: [
    'contains common',
    'contains rare',
    'either',
    'not contains',
    'equals',
    'starts with',
    'me',
    'blank',
    'non-blank',
  ],
  enum: ['equals frequent', 'equals rare', 'either', 'not', 'contains', 'blank', 'non-blank'],
  number: ['equals', 'greater', 'at most', 'between', 'blank', 'non-blank'],
  version: ['prefix', 'equals', 'greater', 'at most', 'between', 'blank', 'non-blank'],
  datetime: [
    'macro today',
    'macro last 7 days',
    'macro this month',
    'before last 12 months',
    'on a day',
    'in a month',
    'after',
    'at most',
    'blank',
    'non-blank',
  ],
  date: [
    'macro today',
    'macro last 7 days',
    'macro this month',
    'before last 12 months',
    'on a day',
    'in a month',
    'after',
    'at most',
    'blank',
    'non-blank',
  ],
  boolean: ['yes', 'no', 'blank', 'non-blank'],
};

const RARE_CANDIDATES = 3;

/**
 * One column's filter values, sampled from the list's rows when first asked for: for text a
 * common and a rare three-letter piece of a word (the rare one the candidate that matches fewest
 * rows), an exact value, a prefix, #ME where the column holds usernames; for enums the most and
 * the least frequent label; for numbers, versions and dates a sampled value and the sample's
 * quantiles; the date macros; blank and non-blank for every type.
 */
export class ColumnValues {
  private readonly values: unknown[];
  private readonly texts: string[];
  private rareText: Promise<string | undefined> | undefined;

  constructor(
    private readonly column: ListColumn,
    rows: readonly Record<string, unknown>[],
    private readonly rng: Rng,
    private readonly probe: Probe,
  ) {
    this.values = columnValues(rows, column);
    this.texts = this.values.map(String);
  }

  /** The kinds this column takes that its sampled values can fill. */
  kinds(): string[] {
    return FILTER_KINDS[this.column.kind].filter((kind) => this.applies(kind));
  }

  private applies(kind: string): boolean {
    if (kind === 'blank' || kind === 'non-blank') return true;
    if (this.column.kind === 'boolean' || kind.startsWith('macro') || kind.startsWith('before'))
      return true;
    if (this.column.kind === 'enum') {
      const labels = this.labels();
      if (kind === 'equals rare' || kind === 'either') return labels.length > 1;
      return labels.length > 0;
    }
    if (this.column.kind === 'version') return this.versions().length > 0;
    if (this.column.kind === 'date' || this.column.kind === 'datetime')
      return this.days().length > 0;
    if (this.column.kind === 'number') return this.numbers().length > 0;
    switch (kind) {
      case 'me':
        return this.texts.some((text) => text.includes('@'));
      case 'contains rare':
      case 'either':
        return this.rareCandidates().length > 0;
      case 'contains common':
      case 'not contains':
        return this.commonTrigram() !== undefined;
      default:
        return this.texts.length > 0;
    }
  }

  /** The filter text of a kind, or undefined when the sample cannot make one. */
  async value(kind: string): Promise<string | undefined> {
    if (!this.applies(kind)) return undefined;
    if (kind === 'blank') return '!?';
    if (kind === 'non-blank') return '?';
    switch (this.column.kind) {
      case 'text':
        return this.text(kind);
      case 'enum':
        return this.enumValue(kind);
      case 'number':
        return this.number(kind);
      case 'version':
        return this.version(kind);
      case 'date':
      case 'datetime':
        return this.time(kind);
      case 'boolean':
        return kind === 'yes' ? 't' : 'f';
    }
  }

  private commonTrigram(): string | undefined {
    return byCount(trigramCounts(this.texts))[0]?.[0];
  }

  private rareCandidates(): string[] {
    const ranked = byCount(trigramCounts(this.texts));
    const fewest = ranked[ranked.length - 1]?.[1] ?? 0;
    const most = ranked[0]?.[1] ?? 0;
    return fewest < most ? ranked.filter(([, n]) => n === fewest).map(([trigram]) => trigram) : [];
  }

  /** Of a few of the sample's rarest pieces, the one matching fewest rows (but some). */
  private rare(): Promise<string | undefined> {
    this.rareText ??= (async () => {
      let best: { value: string; total: number } | undefined;
      for (const value of shuffled(this.rng, this.rareCandidates()).slice(0, RARE_CANDIDATES)) {
        const total = await this.probe(this.column.id, value);
        if (total > 0 && (!best || total < best.total)) best = { value, total };
      }
      return best?.value;
    })();
    return this.rareText;
  }

  private async text(kind: string): Promise<string | undefined> {
    const common = this.commonTrigram();
    switch (kind) {
      case 'contains common':
        return common;
      case 'not contains':
        return common === undefined ? undefined : `!${common}`;
      case 'contains rare':
        return this.rare();
      case 'either': {
        const rare = await this.rare();
        return common === undefined || rare === undefined ? undefined : `${common}, ${rare}`;
      }
      case 'equals':
        return double(pick(this.rng, this.texts));
      case 'starts with':
        return `$${single(pick(this.rng, this.texts).slice(0, 3))}`;
      case 'me':
        return '#ME';
    }
    return undefined;
  }

  private labels(): string[] {
    const labels =
      this.column.values && this.column.values.length > 0
        ? this.column.values
        : [...new Set(this.texts)];
    const counts = new Map(labels.map((label) => [label, 0]));
    for (const text of this.texts) counts.set(text, (counts.get(text) ?? 0) + 1);
    return byCount(counts).map(([label]) => label);
  }

  private enumValue(kind: string): string | undefined {
    const labels = this.labels();
    const frequent = labels[0];
    const rare = labels[labels.length - 1];
    if (frequent === undefined || rare === undefined) return undefined;
    switch (kind) {
      case 'equals frequent':
        return double(frequent);
      case 'equals rare':
        return double(rare);
      case 'either':
        return `${double(frequent)}, ${double(rare)}`;
      case 'not':
        return `!${double(frequent)}`;
      case 'contains': {
        const word = frequent.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
        return word.length >= 3 ? word.slice(0, 3) : double(frequent);
      }
    }
    return undefined;
  }

  private numbers(): number[] {
    return this.values
      .map(Number)
      .filter((n) => Number.isFinite(n))
      .sort((a, b) => a - b);
  }

  private number(kind: string): string | undefined {
    const sorted = this.numbers();
    switch (kind) {
      case 'equals': {
        const counts = new Map<string, number>();
        for (const n of sorted) counts.set(String(n), (counts.get(String(n)) ?? 0) + 1);
        return `# ${byCount(counts)[0]![0]}`;
      }
      case 'greater':
        return `> ${quantile(sorted, 0.5)}`;
      case 'at most':
        return `<= ${quantile(sorted, 0.1)}`;
      case 'between':
        return `>= ${quantile(sorted, 0.25)} && < ${quantile(sorted, 0.75)}`;
    }
    return undefined;
  }

  private versions(): string[] {
    return this.texts
      .filter((text) => /^\d+(\.\d+)*$/.test(text.trim()))
      .sort((a, b) => {
        const x = versionSortKey(a);
        const y = versionSortKey(b);
        return x < y ? -1 : x > y ? 1 : 0;
      });
  }

  private version(kind: string): string | undefined {
    const sorted = this.versions();
    switch (kind) {
      case 'prefix':
        return pick(this.rng, sorted).split('.').slice(0, 2).join('.');
      case 'equals':
        return `# ${pick(this.rng, sorted)}`;
      case 'greater':
        return `> ${quantile(sorted, 0.5)}`;
      case 'at most':
        return `<= ${quantile(sorted, 0.25)}`;
      case 'between':
        return `>= ${quantile(sorted, 0.25)} && < ${quantile(sorted, 0.75)}`;
    }
    return undefined;
  }

  /** The sampled days in the requests' time zone (UTC): the values' first ten characters. */
  private days(): string[] {
    return this.texts
      .map((text) => text.slice(0, 10))
      .filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day))
      .sort();
  }

  private time(kind: string): string | undefined {
    switch (kind) {
      case 'macro today':
        return '#TODAY';
      case 'macro last 7 days':
        return '#LAST_7_DAYS';
      case 'macro this month':
        return '#THIS_MONTH';
      case 'before last 12 months':
        return '< #LAST_12_MONTHS';
    }
    const days = this.days();
    switch (kind) {
      case 'on a day':
        return `# ${pick(this.rng, days)}`;
      case 'in a month':
        return `# ${pick(this.rng, days).slice(0, 7)}`;
      case 'after':
        return `> ${quantile(days, 0.5)}`;
      case 'at most':
        return `<= ${quantile(days, 0.25)}`;
    }
    return undefined;
  }
}

/**
 * Checks a generated filter with the domain's own parser and binder (what the filter input does
 * before it sends anything): a filter the UI would refuse is a bug of this generator.
 */
export function checkFilter(list: ListDefinition, filter: ShapeFilter, username: string): void {
  const column = list.columns.find((c) => c.id === filter.column);
  if (!column) throw new Error(`${list.key} has no column ${filter.column}`);
  try {
    compileFilter(filter.value, column, { now: Date.now(), timeZone: TIME_ZONE, username });
  } catch (error) {
    throw new Error(
      `The generator made a filter the UI refuses (${list.key}, ${describeFilter(filter)}): ${String(error)}`,
      { cause: error },
    );
  }
}
