// One object's records in one org. Records either come from a generator (rebuilt from the seed by
// index, so a million licenses cost no memory until they change) or were written later; changed and
// deleted generated records live in a small overlay. Field indexes are built on first use and kept
// up to date by every write. Datetime range indexes cover the generated records only (they never
// change); range reads check the overlay and the appended records beside them.
import { canonical15, type IdSpace } from '../data/ids';
import type { FieldDef, ObjectDef } from './schema';
import { DatetimeRangeIndex, valueToMs } from './range-index';
import { scalarText } from './values';

export type Row = Readonly<Record<string, unknown>>;

export interface RowGenerator {
  readonly count: number;
  /** True when every index holds a record, so counting needs no scan. */
  readonly dense?: boolean;
  /** The record at this index, or undefined for an empty slot (e.g. an org without this package). */
  at(index: number): Row | undefined;
}

type FieldIndex = Map<string, Set<number>>;

/** Index key: ids compare by their canonical 15-character form, text case-insensitively. */
function indexKey(def: FieldDef, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = scalarText(value);
  if (def.type === 'id' || def.type === 'reference') return canonical15(text) ?? text;
  if (def.type === 'string' || def.type === 'picklist' || def.type === 'textarea') {
    return text.toLowerCase();
  }
  return text;
}

export class Table {
  private readonly overlay = new Map<number, Row | null>();
  private readonly appended: (Row | null)[] = [];
  /** Appended records from this one on take their id counter `idGap` further on (skipIdsAhead). */
  private gapFrom = Number.POSITIVE_INFINITY;
  private idGap = 0;
  private readonly indexes = new Map<string, FieldIndex>();
  private readonly rangeIndexes = new Map<string, DatetimeRangeIndex>();
  /** Distinct values of Id and reference fields, built on first use, dropped by any write. */
  private readonly distinct = new Map<string, ReadonlySet<string>>();
  private writes = 0;
  private generatedLive: number | undefined;
  private liveDelta = 0;

  constructor(
    readonly def: ObjectDef,
    readonly ids: IdSpace,
    private readonly generator?: RowGenerator,
  ) {}

  private get generatedCount(): number {
    return this.generator?.count ?? 0;
  }

  /** The current record at an index (undefined if empty, deleted or out of range). */
  get(index: number): Row | undefined {
    if (index < 0) return undefined;
    const generated = this.generatedCount;
    if (index < generated) {
      const changed = this.overlay.get(index);
      if (changed !== undefined) return changed ?? undefined;
      return this.generator?.at(index);
    }
    return this.appended[index - generated] ?? undefined;
  }

  indexOfId(id: string): number {
    const counterIndex = this.ids.indexOf(id);
    const gapStart = this.generatedCount + this.gapFrom;
    if (counterIndex < gapStart) return counterIndex;
    return counterIndex < gapStart + this.idGap ? -1 : counterIndex - this.idGap;
  }

  byId(id: string): Row | undefined {
    return this.get(this.indexOfId(id));
  }

  /** The id of the record at an index: its counter, past the gap for records appended after it. */
  private idAt(index: number): string {
    const gapStart = this.generatedCount + this.gapFrom;
    return this.ids.id18(index < gapStart ? index : index + this.idGap);
  }

  /**
   * Records inserted from now on get ids `gap` counters further on, so that a simulator started
   * again (its earlier records rebuilt from the seed) never hands out an id an earlier run gave a
   * record it created: a client keeps those ids (Pushboard keeps push request and job ids).
   */
  skipIdsAhead(gap: number): void {
    if (this.idGap > 0) throw new Error(`${this.def.name}: ids were already skipped ahead`);
    this.gapFrom = this.appended.length;
    this.idGap = gap;
  }

  *entries(): Generator<[number, Row]> {
    const generated = this.generatedCount;
    for (let i = 0; i < generated; i++) {
      const row = this.get(i);
      if (row) yield [i, row];
    }
    for (let k = 0; k < this.appended.length; k++) {
      const row = this.appended[k];
      if (row) yield [generated + k, row];
    }
  }

  /**
   * Every record. A scan that reads them all with no write meanwhile also keeps the distinct
   * values of the reference fields (see distinctValues), as an index would have them: a semi-join
   * after a full read of the child object does not read it again.
   */
  *records(): Generator<Row> {
    const noted = this.distinct.size === 0 ? this.referenceFields : [];
    if (noted.length === 0) {
      for (const [, row] of this.entries()) yield row;
      return;
    }
    const found = noted.map(() => new Set<string>());
    const writes = this.writes;
    for (const [, row] of this.entries()) {
      for (let k = 0; k < noted.length; k++) {
        const value = row[noted[k] as string];
        if (typeof value === 'string' && value !== '') found[k]?.add(value);
      }
      yield row;
    }
    if (this.writes !== writes || this.distinct.size > 0) return;
    noted.forEach((name, k) => this.distinct.set(name.toLowerCase(), found[k] as Set<string>));
  }

  /** Names of the reference fields (not Id: its distinct values are every record). */
  private get referenceFields(): string[] {
    return this.def.fields.filter((f) => f.type === 'reference').map((f) => f.name);
  }

  size(): number {
    if (this.generatedLive === undefined && this.generator?.dense)
      this.generatedLive = this.generatedCount;
    if (this.generatedLive === undefined) {
      let live = 0;
      for (let i = 0; i < this.generatedCount; i++) if (this.generator?.at(i)) live++;
      this.generatedLive = live;
    }
    return this.generatedLive + this.liveDelta;
  }

  /** The id the next inserted record will get. */
  nextId(): string {
    return this.idAt(this.generatedCount + this.appended.length);
  }

  /** Adds a record; `fields` must not carry an Id (the table assigns it). */
  insert(fields: Record<string, unknown>): Row {
    const index = this.generatedCount + this.appended.length;
    const row: Row = Object.freeze({ ...fields, Id: this.idAt(index) });
    this.appended.push(row);
    this.liveDelta++;
    this.reindex(index, undefined, row);
    return row;
  }

  /** Replaces the record at an index (undefined deletes it). Returns the previous record. */
  put(index: number, row: Row | undefined): Row | undefined {
    const previous = this.get(index);
    const generated = this.generatedCount;
    const stored = row ? Object.freeze({ ...row }) : null;
    if (index < generated) this.overlay.set(index, stored);
    else this.appended[index - generated] = stored;
    if (previous && !row) this.liveDelta--;
    if (!previous && row) this.liveDelta++;
    this.reindex(index, previous, stored ?? undefined);
    return previous;
  }

  /** Records whose field equals one of the values (Salesforce equality: ids by 15 chars, text case-insensitive). */
  lookup(fieldName: string, values: readonly string[]): Row[] | undefined {
    const def = this.def.field(fieldName);
    if (!def) return undefined;
    const hits = new Set<number>();
    if (def.type === 'id') {
      for (const value of values) {
        const index = this.indexOfId(value);
        if (index >= 0) hits.add(index);
      }
    } else {
      const index = this.fieldIndex(def);
      for (const value of values) {
        const key = indexKey(def, value);
        for (const i of (key !== undefined && index.get(key)) || []) hits.add(i);
      }
    }
    const rows: Row[] = [];
    for (const i of [...hits].sort((a, b) => a - b)) {
      const row = this.get(i);
      if (row) rows.push(row);
    }
    return rows;
  }

  /**
   * The distinct non-empty strings an Id or reference field holds, as stored (one scan, kept
   * until the next write); undefined for other fields.
   */
  distinctValues(fieldName: string): ReadonlySet<string> | undefined {
    const def = this.def.field(fieldName);
    if (!def || (def.type !== 'id' && def.type !== 'reference')) return undefined;
    const name = def.name;
    let values = this.distinct.get(name.toLowerCase());
    if (!values) {
      const found = new Set<string>();
      for (const row of this.records()) {
        const value = row[name];
        if (typeof value === 'string' && value !== '') found.add(value);
      }
      values = found;
      this.distinct.set(name.toLowerCase(), values);
    }
    return values;
  }

  /**
   * Records whose datetime field lies in [lowMs, highMs], in table order; undefined when the field
   * is not a datetime or the table has no generated records (a scan is as quick then).
   */
  range(fieldName: string, lowMs: number, highMs: number): Row[] | undefined {
    const def = this.def.field(fieldName);
    const generator = this.generator;
    if (!def || def.type !== 'datetime' || !generator) return undefined;
    const name = def.name;
    let index = this.rangeIndexes.get(name.toLowerCase());
    if (!index) {
      index = new DatetimeRangeIndex(generatedValues(generator, name));
      this.rangeIndexes.set(name.toLowerCase(), index);
    }
    const hits: number[] = [];
    for (const i of index.between(lowMs, highMs)) if (!this.overlay.has(i)) hits.push(i);
    const inRange = (row: Row | null | undefined): boolean => {
      const ms = row ? valueToMs(row[name]) : Number.NaN;
      return ms >= lowMs && ms <= highMs;
    };
    for (const [i, row] of this.overlay) if (inRange(row)) hits.push(i);
    const generated = this.generatedCount;
    this.appended.forEach((row, k) => {
      if (inRange(row)) hits.push(generated + k);
    });
    hits.sort((a, b) => a - b);
    const rows: Row[] = [];
    for (const i of hits) {
      const row = this.get(i);
      if (row) rows.push(row);
    }
    return rows;
  }

  private fieldIndex(def: FieldDef): FieldIndex {
    const name = def.name.toLowerCase();
    let index = this.indexes.get(name);
    if (!index) {
      index = new Map();
      for (const [i, row] of this.entries()) addTo(index, indexKey(def, row[def.name]), i);
      this.indexes.set(name, index);
    }
    return index;
  }

  private reindex(i: number, before: Row | undefined, after: Row | undefined): void {
    this.writes++;
    this.distinct.clear();
    for (const [name, index] of this.indexes) {
      const def = this.def.field(name);
      if (!def) continue;
      const oldKey = before ? indexKey(def, before[def.name]) : undefined;
      const newKey = after ? indexKey(def, after[def.name]) : undefined;
      if (oldKey === newKey && before && after) continue;
      if (oldKey !== undefined) index.get(oldKey)?.delete(i);
      addTo(index, newKey, i);
    }
  }
}

function* generatedValues(generator: RowGenerator, field: string): Generator<[number, unknown]> {
  for (let i = 0; i < generator.count; i++) {
    const row = generator.at(i);
    if (row) yield [i, row[field]];
  }
}

function addTo(index: FieldIndex, key: string | undefined, i: number): void {
  if (key === undefined) return;
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(i);
}
