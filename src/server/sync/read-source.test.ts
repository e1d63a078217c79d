// readSource's page writes: a full read writes two pages side by side, yet its watermark commits
// only after every page; a page that fails fails the read, and no write outlives it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { upsertLicenses } from '../db/repositories/licenses';
import { loadWatermark } from '../db/repositories/watermarks';
import { LICENSE_SELECT, licenseRecord, toLicenseRow } from './lma-records';
import { readSource, type SourceRead } from './read-source';
import { dateTimeMs } from './record-values';
import { tableCount } from './testing/expectations';
import { startSyncHarness, type SyncHarness } from './testing/sync-harness';

let h: SyncHarness;
const PAGE = 200;
const mark = () => ({ sourceOrgId: h.lmaId, objectName: 'sfLma__License__c', scope: '' });

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'test', pageSize: PAGE });
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.testDb.db.exec('DELETE FROM license; DELETE FROM sync_watermark;');
});

type LicenseRead = SourceRead<(typeof licenseRecord)['_output']>;

async function licenseRead(write: LicenseRead['write']): Promise<LicenseRead> {
  return {
    db: h.testDb.db,
    conn: await h.gateway.connect(h.lmaId),
    select: LICENSE_SELECT,
    modifiedField: 'SystemModstamp',
    schema: licenseRecord,
    identify: (r) => ({ id: r.Id, modifiedMs: dateTimeMs(r.SystemModstamp) }),
    watermark: mark(),
    full: true,
    signal: new AbortController().signal,
    pageSize: PAGE,
    write,
  };
}

const store: LicenseRead['write'] = (tx, records) =>
  upsertLicenses(tx, h.lmaId, records.map(toLicenseRow));

describe('readSource page writes', () => {
  it('overlaps the page writes of a full read and commits the watermark after the last page', async () => {
    let writing = 0;
    let calls = 0;
    let overlapped = false;
    let watermarkSeenEarly = false;
    let secondBegan = () => undefined as void;
    const second = new Promise<void>((resolve) => (secondBegan = resolve));
    const postgres = h.testDb.db.kind === 'postgres';
    const outcome = await readSource(
      await licenseRead(async (tx, records) => {
        writing++;
        calls++;
        if (writing > 1) {
          overlapped = true;
          secondBegan();
        }
        // The first page's write holds (up to 10 s) until the next page's begins, so the overlap
        // shows however fast the machine writes; a read that wrote one page at a time would wait
        // the 10 s out and fail below. (PGlite has one connection: its writes take turns.)
        if (postgres && calls === 1) {
          await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        }
        // No page but the last may find the watermark already committed.
        watermarkSeenEarly ||= (await loadWatermark(tx, mark())) !== undefined;
        await store(tx, records);
        writing--;
      }),
    );
    expect(outcome).toEqual({ read: 1000, written: 1000 });
    expect(await tableCount(h.testDb.db, 'license')).toBe(1000);
    expect(await loadWatermark(h.testDb.db, mark())).toBeDefined();
    expect(watermarkSeenEarly).toBe(false);
    if (postgres) expect(overlapped).toBe(true);
  });

  it('fails the read when a page fails, only after every other write has settled', async () => {
    let calls = 0;
    let settledAfterReturn = false;
    let returned = false;
    const read = readSource(
      await licenseRead(async (tx, records) => {
        const call = ++calls;
        if (call === 2) throw new Error('page 2 could not be written');
        await store(tx, records);
        if (returned) settledAfterReturn = true;
      }),
    );
    await expect(read).rejects.toThrow('page 2 could not be written');
    returned = true;
    const stored = await tableCount(h.testDb.db, 'license');
    // The failed page is rolled back whole; at most the page beside it committed too.
    expect(stored % PAGE).toBe(0);
    expect(stored).toBeGreaterThanOrEqual(PAGE);
    expect(stored).toBeLessThanOrEqual(2 * PAGE);
    expect(await loadWatermark(h.testDb.db, mark())).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settledAfterReturn).toBe(false);
    expect(await tableCount(h.testDb.db, 'license')).toBe(stored);
  });
});
