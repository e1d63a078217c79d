// The import from the old console, end to end on real PostgreSQL: an old database of the fixture
// schema filled by the generator with every quirk, imported into a fresh Pushboard database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { SecretBox } from '../secrets';
import { formatImportReport, type ImportReport, type TableReport } from './import-report';
import { runImport, type ImportOptions } from './run-import';
import { RECONNECT_REASON } from './steps-groups';
import { generateOldConsole, type GeneratedOldConsole } from './testing/old-console-data';
import { createOldConsoleDatabase, type OldConsoleDatabase } from './testing/old-console-database';
import { importedCounts, importSnapshot, seedPackageVersions } from './testing/import-snapshot';

const serverUrl = process.env.TEST_DATABASE_URL;
const secrets = new SecretBox('import-test-secret-key-0123456789abcdef');

const table = (report: ImportReport, source: string): TableReport =>
  report.tables.find((t) => t.source === source)!;
const reasons = (report: ImportReport, source: string) =>
  table(report, source).skippedReasons.map((r) => r.reason);

describe.skipIf(!serverUrl)('import from the old console', () => {
  let old: OldConsoleDatabase;
  let generated: GeneratedOldConsole;
  let target: TestDatabase;
  const fresh = async () => {
    const db = await createTestDatabase();
    await seedPackageVersions(db.db, generated.lmaVersions);
    return db;
  };
  const options = (db: TestDatabase, extra: Partial<ImportOptions> = {}): ImportOptions => ({
    from: old.pool,
    target: db.db,
    apply: false,
    oldKey: generated.oldKey,
    secrets,
    batchSize: 7,
    ...extra,
  });

  beforeAll(async () => {
    old = await createOldConsoleDatabase(serverUrl!);
    generated = await generateOldConsole(old.pool);
    target = await fresh();
  });
  afterAll(async () => {
    await target?.drop();
    await old?.drop();
  });

  it('a dry run reports everything and writes nothing', async () => {
    const report = await runImport(options(target));
    expect(report.failure).toBeUndefined();
    for (const t of report.tables) {
      expect(t.read, t.source).toBe(generated.counts[t.source]);
      expect(t.imported + t.unchanged + t.changed + t.skipped, t.source).toBe(t.read);
    }
    expect(table(report, 'org_group').skipped).toBe(1);
    expect(reasons(report, 'org_group')).toEqual([
      "group type 'Inactive' has no Pushboard equivalent",
    ]);
    expect(reasons(report, 'org_group_member')).toEqual(
      expect.arrayContaining([
        'its group does not exist in the old database (orphan)',
        'its group was skipped (see above)',
        'org id does not parse (must be 15 or 18 characters)',
        'org id does not parse (must start with 00D)',
        'same org listed twice in the group (15- and 18-character forms)',
      ]),
    );
    expect(reasons(report, 'upgrade_job')).toEqual(
      expect.arrayContaining(['its upgrade does not exist in the old database (orphan)']),
    );
    expect(reasons(report, 'upgrade_item')).toContain(
      'version is neither a 04t id nor an LMA package version Pushboard has fetched',
    );
    expect(table(report, 'upgrade').notes.map((n) => n.reason)).toContain(
      'org_group_id is not a row id: imported without it',
    );
    expect(table(report, 'upgrade_item').notes.map((n) => n.reason)).toContain(
      'version given as an LMA record id: imported as its 04t id',
    );
    const counts = await importedCounts(target.db);
    expect(counts).toEqual({
      connected_org: 0,
      org_group: 0,
      org_group_member: 0,
      saved_filter: 0,
      upgrade: 0,
      upgrade_item: 0,
      upgrade_job: 0,
      upgrade_blacklist: 0,
      import_map: 0,
    });
  });

  let applied: ImportReport;
  it('--apply imports what the dry run announced, with its meaning', async () => {
    const dry = await runImport(options(target));
    applied = await runImport(options(target, { apply: true }));
    expect(applied.failure).toBeUndefined();
    expect(applied.tables.map((t) => [t.source, t.imported, t.skipped])).toEqual(
      dry.tables.map((t) => [t.source, t.imported, t.skipped]),
    );
    const { rows: audit } = await target.db.query<{ action: string; outcome: string }>(
      'SELECT action, outcome FROM audit_log',
    );
    expect(audit).toEqual([{ action: 'import.old-console', outcome: 'success' }]);
    const counts = await importedCounts(target.db);
    expect(counts.org_group_member).toBe(table(applied, 'org_group_member').imported);
    expect(counts.upgrade_job).toBe(table(applied, 'upgrade_job').imported);
    expect(counts.import_map).toBe(applied.tables.reduce((sum, t) => sum + t.imported, 0));

    const snapshot = await importSnapshot(target.db);
    const groups = snapshot.org_group as { source_key: string; type: string }[];
    expect(groups.find((g) => g.source_key === '1')?.type).toBe('Blacklist Group');
    expect(groups.find((g) => g.source_key === '2')?.type).toBe('Whitelist Group');
    expect(groups.find((g) => g.source_key === '4')?.type).toBe('Upgrade Group');
    const upgrades = snapshot.upgrade as { source_key: string; parent: string | null }[];
    expect(upgrades.find((u) => u.source_key === '6')?.parent).toBe('1');
    expect(reasons(applied, 'upgrade')).toContain(
      'still running in the old console (import again once it ended)',
    );
    const members = snapshot.org_group_member as { group_key: string; org_id: string }[];
    expect(members.every((m) => m.org_id.length === 18)).toBe(true);
    const dup = generated.quirks.duplicateMember;
    expect(
      members.filter((m) => m.group_key === String(dup.groupId) && m.org_id === dup.id18),
    ).toHaveLength(1);

    const { rows: history } = await target.db.query<Record<string, unknown>>(
      `SELECT u.comment, u.created_by, u.activated_by, count(j.id)::int AS jobs,
              count(j.message)::int AS messages
         FROM upgrade u JOIN upgrade_job j ON j.upgrade_id = u.id
        WHERE u.comment IS NOT NULL AND u.activated_by IS NOT NULL
        GROUP BY u.id ORDER BY u.id LIMIT 1`,
    );
    expect(typeof history[0]!.comment).toBe('string');
    expect(typeof history[0]!.activated_by).toBe('string');
    expect(history[0]!.messages as number).toBeGreaterThan(0);
    const lma = generated.lmaVersions.map((v) => v.versionId);
    const items = snapshot.upgrade_item as { version_id: string; package_id: string | null }[];
    expect(items.some((i) => lma.includes(i.version_id) && i.package_id !== null)).toBe(true);

    const { rows: orgs } = await target.db.query<{
      org_id: string;
      status: string;
      status_reason: string | null;
      refresh_token_enc: string | null;
    }>(
      'SELECT org_id, status, status_reason, refresh_token_enc FROM connected_org ORDER BY org_id',
    );
    const lmaOrg = orgs.find((o) => o.org_id.startsWith(generated.connectedOrgId))!;
    expect(lmaOrg.status).toBe('Connected');
    expect(secrets.decrypt(lmaOrg.refresh_token_enc!)).toBe(generated.plainRefreshToken);
    const wrongKey = orgs.find((o) => o.status !== 'Connected')!;
    expect(wrongKey).toMatchObject({
      status: 'Invalid',
      status_reason: RECONNECT_REASON,
      refresh_token_enc: null,
    });
  });

  it('a second run imports nothing twice', async () => {
    const before = await importSnapshot(target.db);
    const again = await runImport(options(target, { apply: true }));
    expect(again.failure).toBeUndefined();
    for (const t of again.tables) {
      expect(t.imported, t.source).toBe(0);
      expect(t.unchanged, t.source).toBe(table(applied, t.source).imported);
    }
    expect(await importSnapshot(target.db)).toEqual(before);
  });

  it('an import interrupted in a batch resumes and ends as an uninterrupted one', async () => {
    const other = await fresh();
    try {
      const broken = await runImport(
        options(other, {
          apply: true,
          beforeCommit: (source, batch) => {
            if (source === 'org_group_member' && batch === 3) throw new Error('killed mid-way');
          },
        }),
      );
      expect(broken.failure).toBe('killed mid-way');
      const partial = await importedCounts(other.db);
      expect(partial.org_group_member).toBeGreaterThan(0);
      expect(partial.upgrade).toBe(0);
      const resumed = await runImport(options(other, { apply: true }));
      expect(resumed.failure).toBeUndefined();
      expect(table(resumed, 'org_group_member').unchanged).toBe(partial.org_group_member);
      const expected = await importSnapshot(target.db);
      const actual = await importSnapshot(other.db);
      expect(actual).toEqual(expected);
    } finally {
      await other.drop();
    }
  });

  it('reports what changed in the old console since, and imports what is new', async () => {
    await old.pool.query(`UPDATE org_group SET name = 'Renamed' WHERE id = 5`);
    await old.pool.query(`UPDATE upgrade SET comment = 'Later comment' WHERE id = 1`);
    await old.pool.query(
      `INSERT INTO org_group_member (org_group_id, org_id) VALUES (5, '00D000000000XYZ')`,
    );
    await old.pool.query('DELETE FROM upgrade_job WHERE id = 1');
    const report = await runImport(options(target));
    expect(table(report, 'org_group')).toMatchObject({ changed: 1, changedSamples: ['5'] });
    expect(table(report, 'upgrade')).toMatchObject({ changed: 1, changedSamples: ['1'] });
    expect(table(report, 'org_group_member').imported).toBe(1);
    expect(table(report, 'upgrade_job')).toMatchObject({
      imported: 0,
      gone: 1,
      goneSamples: ['1'],
    });
    expect(formatImportReport(report)).toContain(
      'Imported before, no longer in the old console (Pushboard keeps its copy):\n  upgrade_job: 1 (e.g. 1)',
    );
  });
});
