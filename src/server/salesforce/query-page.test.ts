// A query page split into its records as its bytes arrive reads exactly what JSON.parse reads
// from the whole page, however the bytes are cut into chunks; what is no query page is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QueryPageSplitter } from './query-page';

/** Feeds `text` to a splitter in chunks cut at `cuts` (byte offsets), and ends it. */
function split(text: string, cuts: readonly number[] = []): unknown {
  const bytes = Buffer.from(text, 'utf8');
  const splitter = new QueryPageSplitter();
  let from = 0;
  for (const cut of [...new Set(cuts)]
    .filter((c) => c > 0 && c < bytes.length)
    .sort((a, b) => a - b)) {
    splitter.push(bytes.subarray(from, cut));
    from = cut;
  }
  splitter.push(bytes.subarray(from));
  return splitter.end();
}

/** Text with what JSON escapes: quotes, backslashes, control characters, non-ASCII. */
const tricky = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('"', '\\', '\\"', '\\\\', '{', '}', '[', ']', '"records":[', 'é', '💡', '\n'),
);
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    tricky,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(tricky, tie('node'), { maxKeys: 3 }),
  ),
})).node;
const record = fc.record({
  attributes: fc.record({ type: fc.constant('sfLma__License__c'), url: fc.string() }),
  Id: fc.string(),
  Name: tricky,
  Nested__r: fc.option(
    fc.record({ attributes: fc.record({ type: fc.string() }), Value__c: value }),
  ),
  Other__c: value,
});
const page = fc.record({
  totalSize: fc.nat(),
  done: fc.boolean(),
  nextRecordsUrl: fc.option(fc.string(), { nil: undefined }),
  records: fc.array(record, { maxLength: 6 }),
});

describe('QueryPageSplitter', () => {
  it('reads a page as JSON.parse does, whatever the chunks', () => {
    fc.assert(
      fc.property(
        page,
        fc.array(fc.nat({ max: 4000 }), { maxLength: 40 }),
        fc.constantFrom(undefined, 2),
        (p, cuts, indent) => {
          const text = JSON.stringify(p, null, indent);
          expect(split(text, cuts)).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads one byte at a time, records first or last', () => {
    const records = [
      { attributes: { type: 'X', url: '/x/1' }, Name: 'a "quoted" \\ name', N: 1, R: { S: 'é💡' } },
      { attributes: { type: 'X', url: '/x/2' }, Name: 'b\\', L: [1, { m: '}]' }] },
    ];
    for (const text of [
      JSON.stringify({ totalSize: 2, done: false, nextRecordsUrl: '/next-2', records }),
      JSON.stringify({ records, totalSize: 2, done: true }),
      JSON.stringify({ totalSize: 0, done: true, records: [] }),
    ]) {
      const everyByte = Array.from({ length: Buffer.byteLength(text) }, (_, i) => i);
      expect(split(text, everyByte)).toEqual(JSON.parse(text));
    }
  });

  it("tells the next page's URL once the head names it, before any record is read", () => {
    fc.assert(
      fc.property(page, fc.boolean(), fc.nat({ max: 400 }), (p, recordsFirst, cut) => {
        const { records, ...head } = p;
        const text = JSON.stringify(recordsFirst ? { records, ...head } : p);
        const told: { url: string; recordsRead: number }[] = [];
        const splitter: QueryPageSplitter = new QueryPageSplitter((url) =>
          told.push({ url, recordsRead: splitter.records.length }),
        );
        const bytes = Buffer.from(text, 'utf8');
        splitter.push(bytes.subarray(0, cut));
        splitter.push(bytes.subarray(cut));
        expect(splitter.end()).toEqual(JSON.parse(text));
        // Only a head before the records can tell it early; the page's end tells it otherwise.
        const early = !recordsFirst && p.done === false && p.nextRecordsUrl !== undefined;
        expect(told).toEqual(early ? [{ url: p.nextRecordsUrl, recordsRead: 0 }] : []);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what is no query page', () => {
    for (const text of [
      '[{"message":"Session expired or invalid","errorCode":"INVALID_SESSION_ID"}]',
      '{"totalSize":1,"done":true,"records":[1]}',
      '{"totalSize":1,"done":true,"records":["a"]}',
      '{"totalSize":1,"done":true,"records":[[]]}',
      '{"totalSize":1,"done":true,"other":[{}],"records":[]}',
      '{"totalSize":1,"done":true,"records":[{"a":1}',
      '{"totalSize":1,"done":true,"records":[{"a":1}]',
      '{"totalSize":1,"done":true,"records":[{"a":1]}]}',
      '{"totalSize":1,"done":true}',
    ]) {
      expect(() => split(text), text).toThrow(SyntaxError);
    }
  });
});
