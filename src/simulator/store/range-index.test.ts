// Range reads by a datetime field (incremental reads by SystemModstamp) through the sorted index:
// the same records a scan finds, in table order, and the generator is read once to build the
// index instead of once per query.
import { describe, expect, it } from 'vitest';
import { IdSpace } from '../data/ids';
import { formatDateTime } from '../data/time';
import { openSoqlCursor } from '../soql/index';
import { OrgStore } from './org-store';
import { defineObject, field } from './schema';
import { Table, type Row, type RowGenerator } from './table';

const Thing = defineObject(
  'Thing__c',
  { label: 'Thing', labelPlural: 'Things', keyPrefix: 'a0T' },
  [field('Name', 'string')],
);
const BASE_MS = Date.UTC(2024, 0, 1);
const COUNT = 1_000;
const ids = new IdSpace('a0T', 'D0', 1_000);
const ALL = Array.from({ length: COUNT }, (_, i) => i);

/** Thing i was modified i minutes after BASE (shuffled so index order is not time order). */
const minuteOf = (i: number): number => (i * 389) % COUNT;

function countingGenerator(): RowGenerator & { reads: number } {
  const generator = {
    count: COUNT,
    dense: true,
    reads: 0,
    at(i: number): Row | undefined {
      generator.reads++;
      const stamp = formatDateTime(BASE_MS + minuteOf(i) * 60_000);
      return { Id: ids.id18(i), Name: `T${i}`, SystemModstamp: stamp, LastModifiedDate: stamp };
    },
  };
  return generator;
}

function setup() {
  const generator = countingGenerator();
  const table = new Table(Thing, ids, generator);
  const store = new OrgStore();
  store.add(table);
  const query = (soql: string): string[] =>
    openSoqlCursor(soql, store, { now: new Date(BASE_MS), apiVersion: '62.0' })
      .rows()
      .map((r) => String(r.Name));
  return { generator, table, query };
}

const after = (minute: number) => new Date(BASE_MS + minute * 60_000).toISOString();

describe('datetime range index', () => {
  it('answers > and <= like a scan, in table order', () => {
    const { query } = setup();
    const matching = (test: (minute: number) => boolean): string[] =>
      ALL.filter((i) => test(minuteOf(i))).map((i) => `T${i}`);
    const late = query(`SELECT Name FROM Thing__c WHERE SystemModstamp > ${after(990)}`);
    expect(late).toEqual(matching((m) => m > 990));
    expect(late).toHaveLength(9);
    expect(query(`SELECT Name FROM Thing__c WHERE SystemModstamp <= ${after(1)}`)).toEqual(
      matching((m) => m <= 1),
    );
  });

  it('reads the generator once to build the index, not on every query', () => {
    const { generator, query } = setup();
    query(`SELECT Name FROM Thing__c WHERE SystemModstamp > ${after(995)}`);
    const afterFirst = generator.reads;
    query(`SELECT Name FROM Thing__c WHERE SystemModstamp > ${after(997)}`);
    query(`SELECT Name FROM Thing__c WHERE SystemModstamp >= ${after(999)}`);
    // Two queries: only the few matching rows were generated again to build their results.
    expect(generator.reads - afterFirst).toBeLessThan(10);
    expect(afterFirst).toBeLessThan(2 * COUNT);
  });

  it('sees records changed, deleted or added after the index was built', () => {
    const { table, query } = setup();
    const late = `SELECT Name FROM Thing__c WHERE SystemModstamp > ${after(998)}`;
    const last = ALL.find((i) => minuteOf(i) === 999) ?? -1;
    expect(query(late)).toEqual([`T${last}`]);
    const stamp = formatDateTime(BASE_MS + 5_000 * 60_000);
    table.put(0, { ...(table.get(0) as Row), SystemModstamp: stamp });
    table.put(last, undefined);
    table.insert({ Name: 'New', SystemModstamp: stamp, LastModifiedDate: stamp });
    expect(query(late)).toEqual(['T0', 'New']);
  });
});
