// Bulk loads: an empty table loses its secondary indexes and foreign keys for the load and gets
// exactly them back; a table with rows is left alone; an interrupted load is finished later; a
// row whose parent was deleted meanwhile gets its key's ON DELETE action when the keys come back.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tableStructures } from '../../sync/testing/expectations';
import { createTestDatabase, type TestDatabase } from '../test-database';
import {
  beginBulkLoad,
  deleteActionOf,
  endBulkLoad,
  finishInterruptedBulkLoads,
  pendingBulkLoads,
  startEarlyIndexBuilds,
} from './bulk-load';

let testDb: TestDatabase;
const ORG = '00D000000000001AAA';
const PACKAGE = 'a0K000000000001AAA';
const VERSION = '04t000000000001AAA';

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.exec(`
    INSERT INTO org (org_id, name) VALUES ('${ORG}', 'Acme');
    INSERT INTO package (sfid, name) VALUES ('${PACKAGE}', 'Relay');
    INSERT INTO package_version (sfid, version_id, package_id, version_number, version_sort)
      VALUES ('a0V000000000001AAA', '${VERSION}', '${PACKAGE}', '1.0', '1.0');`);
});
afterAll(async () => {
  await testDb.drop();
});
beforeEach(async () => {
  await finishInterruptedBulkLoads(testDb.db);
  await testDb.db.exec('DELETE FROM org_package_version; DELETE FROM license;');
});

const install = (orgId: string) =>
  testDb.db.query(
    `INSERT INTO org_package_version (org_id, package_id, version_id) VALUES ($1, $2, $3)`,
    [orgId, PACKAGE, VERSION],
  );

describe('bulk load', () => {
  it('drops the secondary indexes and foreign keys of an empty table, then restores exactly them', async () => {
    const before = await tableStructures(testDb.db, 'org_package_version');
    expect(before.filter((s) => s.includes('FOREIGN KEY'))).toHaveLength(3);

    expect(await beginBulkLoad(testDb.db, 'org_package_version')).toBe(true);
    // Only the primary key stays (the upserts need it).
    expect(await tableStructures(testDb.db, 'org_package_version')).toEqual([
      expect.stringContaining('UNIQUE INDEX org_package_version_pkey'),
    ]);
    expect(await pendingBulkLoads(testDb.db)).toEqual(['org_package_version']);
    await install(ORG);

    await endBulkLoad(testDb.db, 'org_package_version');
    expect(await tableStructures(testDb.db, 'org_package_version')).toEqual(before);
    expect(await pendingBulkLoads(testDb.db)).toEqual([]);
    // The foreign keys are enforced again.
    await expect(install('00D000000000002AAA')).rejects.toThrow(/foreign key/i);
  });

  it('leaves a table with rows as it is', async () => {
    await install(ORG);
    const before = await tableStructures(testDb.db, 'org_package_version');
    expect(await beginBulkLoad(testDb.db, 'org_package_version')).toBe(false);
    expect(await tableStructures(testDb.db, 'org_package_version')).toEqual(before);
    expect(await pendingBulkLoads(testDb.db)).toEqual([]);
  });

  it('finishes a load that was interrupted (what a killed process leaves behind)', async () => {
    const before = await tableStructures(testDb.db, 'license');
    expect(await beginBulkLoad(testDb.db, 'license')).toBe(true);
    expect(await tableStructures(testDb.db, 'license')).not.toEqual(before);
    expect(await finishInterruptedBulkLoads(testDb.db)).toEqual(['license']);
    expect(await tableStructures(testDb.db, 'license')).toEqual(before);
    expect(await finishInterruptedBulkLoads(testDb.db)).toEqual([]);
  });

  it("turns the license triggers off for the load and notes the loaded licenses' unknown accounts at its end", async () => {
    const ACCOUNT = '001000000000001AAA';
    const triggersOn = async () =>
      (
        await testDb.db.query<{ name: string; enabled: string }>(
          `SELECT tgname AS name, tgenabled AS enabled FROM pg_trigger
           WHERE tgrelid = 'license'::regclass AND tgname LIKE 'license_accounts_%'
           ORDER BY tgname`,
        )
      ).rows.map((row) => `${row.name} ${row.enabled}`);
    const noted = async () =>
      (
        await testDb.db.query<{ account_id: string }>(
          'SELECT account_id FROM license_account_unknown ORDER BY account_id',
        )
      ).rows.map((row) => row.account_id);
    const addLicense = (sfid: string) =>
      testDb.db.query(
        `INSERT INTO license (sfid, org_id, account_id, package_id, version_id)
         VALUES ($1, $2, $3, $4, $5)`,
        [sfid, ORG, ACCOUNT, PACKAGE, VERSION],
      );
    await testDb.db.exec('DELETE FROM license_account_unknown');

    expect(await beginBulkLoad(testDb.db, 'license')).toBe(true);
    expect(await triggersOn()).toEqual([
      'license_accounts_inserted D',
      'license_accounts_updated D',
    ]);
    await addLicense('a0L000000000001AAA');
    expect(await noted()).toEqual([]);

    // Also after a process that died mid-load: the next start turns them on and catches up.
    expect(await finishInterruptedBulkLoads(testDb.db)).toEqual(['license']);
    expect(await triggersOn()).toEqual([
      'license_accounts_inserted O',
      'license_accounts_updated O',
    ]);
    expect(await noted()).toEqual([ACCOUNT]);
    // And writes after the load are noted by the triggers again.
    await testDb.db.exec('DELETE FROM license_account_unknown');
    await addLicense('a0L000000000002AAA');
    expect(await noted()).toEqual([ACCOUNT]);
    await testDb.db.exec('DELETE FROM license_account_unknown');
  });

  it("gives rows whose parent went away during the load what their key's ON DELETE does", async () => {
    const LMA = '00D0000000000LMAAA';
    const GONE_ORG = '00D000000000009AAA';
    await testDb.db.query(
      `INSERT INTO connected_org (org_id, name, instance_url, login_url, type, status)
       VALUES ($1, 'LMA', 'https://lma.example.com', 'https://login.example.com', 'Licenses',
               'Connected')`,
      [LMA],
    );
    const license = await tableStructures(testDb.db, 'license');
    const installs = await tableStructures(testDb.db, 'org_package_version');
    expect(await beginBulkLoad(testDb.db, 'license')).toBe(true);
    expect(await beginBulkLoad(testDb.db, 'org_package_version')).toBe(true);
    await testDb.db.query(`INSERT INTO org (org_id, name) VALUES ($1, 'Gone')`, [GONE_ORG]);
    await install(GONE_ORG);
    await install(ORG);
    await testDb.db.query(
      `INSERT INTO license (sfid, source_org_id, org_id) VALUES ('a0L000000000001AAA', $1, $2)`,
      [LMA, ORG],
    );
    // Deleted while their children's keys are away: no cascade, no SET NULL happens now.
    await testDb.db.query('DELETE FROM org WHERE org_id = $1', [GONE_ORG]);
    await testDb.db.query('DELETE FROM connected_org WHERE org_id = $1', [LMA]);

    await endBulkLoad(testDb.db, 'org_package_version');
    await endBulkLoad(testDb.db, 'license');
    // ON DELETE CASCADE: the gone org's install is gone; ON DELETE SET NULL: the license stays.
    const stored = await testDb.db.query<{ org_id: string }>(
      'SELECT org_id FROM org_package_version',
    );
    expect(stored.rows.map((row) => row.org_id)).toEqual([ORG]);
    const licenses = await testDb.db.query<{ source_org_id: string | null }>(
      'SELECT source_org_id FROM license',
    );
    expect(licenses.rows).toEqual([{ source_org_id: null }]);
    expect(await pendingBulkLoads(testDb.db)).toEqual([]);
    expect(await tableStructures(testDb.db, 'license')).toEqual(license);
    expect(await tableStructures(testDb.db, 'org_package_version')).toEqual(installs);
  });

  it("reads a key's ON DELETE action only where it is SET NULL or CASCADE on one column", () => {
    expect(
      deleteActionOf(
        'FOREIGN KEY (source_org_id) REFERENCES connected_org(org_id) ON DELETE SET NULL',
      ),
    ).toEqual({
      column: 'source_org_id',
      parent: 'connected_org',
      parentColumn: 'org_id',
      onDelete: 'SET NULL',
    });
    expect(
      deleteActionOf(
        'FOREIGN KEY (org_id) REFERENCES org(org_id) ON UPDATE CASCADE ON DELETE CASCADE',
      ),
    ).toMatchObject({ column: 'org_id', parent: 'org', onDelete: 'CASCADE' });
    // Any other key keeps failing the rebuild loudly over an orphan.
    for (const definition of [
      'FOREIGN KEY (org_id) REFERENCES org(org_id)',
      'FOREIGN KEY (org_id) REFERENCES org(org_id) ON DELETE RESTRICT',
      'FOREIGN KEY (a, b) REFERENCES t(a, b) ON DELETE CASCADE',
      'FOREIGN KEY (org_id) REFERENCES org(org_id) ON DELETE SET NULL DEFERRABLE',
    ]) {
      expect(deleteActionOf(definition), definition).toBeUndefined();
    }
  });

  describe('indexes built early', () => {
    const structures = async () => {
      const all = await tableStructures(testDb.db, 'license');
      return {
        indexes: all.filter((s) => !s.includes('FOREIGN KEY')),
        foreignKeys: all.filter((s) => s.includes('FOREIGN KEY')),
      };
    };

    it('builds the named index at once and the others meanwhile; the load ends later', async () => {
      const before = await structures();
      expect(await beginBulkLoad(testDb.db, 'license')).toBe(true);
      const kept = (await structures()).indexes;
      // The index the license step builds first (fetch-licenses.ts) exists by that name.
      const builds = await startEarlyIndexBuilds(testDb.db, 'license', ['license_org_idx']);
      if (testDb.db.kind === 'postgres') {
        expect((await structures()).indexes).toContainEqual(
          expect.stringContaining('INDEX license_org_idx ON'),
        );
        await vi.waitFor(async () => expect((await structures()).indexes).toEqual(before.indexes));
        // Every index is back, but the load is pending until it ends: no foreign keys yet.
        expect((await structures()).foreignKeys).toEqual([]);
        expect(await pendingBulkLoads(testDb.db)).toEqual(['license']);
      } else {
        // PGlite's one connection builds nothing early: the load's end builds it all.
        expect((await structures()).indexes).toEqual(kept);
      }
      await builds.stop();
      await endBulkLoad(testDb.db, 'license');
      expect(await structures()).toEqual(before);
    });

    it('takes no further index once stopped; the load builds the rest', async () => {
      const before = await structures();
      expect(await beginBulkLoad(testDb.db, 'license')).toBe(true);
      const kept = (await structures()).indexes;
      const builds = await startEarlyIndexBuilds(testDb.db, 'license', []);
      await builds.stop();
      // On PostgreSQL the build under way when stopped ends; no other starts.
      const underWay = testDb.db.kind === 'postgres' ? 1 : 0;
      expect((await structures()).indexes).toHaveLength(kept.length + underWay);
      await endBulkLoad(testDb.db, 'license');
      expect(await structures()).toEqual(before);
    });
  });
});
