// What an upgrade's jobs keep of their org (migration 0024: name, instance, account name, and the
// version of the request's package the org runs now) follows every way those can change, in any
// order: a job written (by a push's insertJobs, or by another writer), an org renamed, moved or
// deleted, an account renamed, a version installed, pushed or removed. The Jobs tab sorts and
// filters on these copies, so after each step they must equal what the joins say.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJobs } from './repositories/upgrades/jobs';
import { createTestDatabase, type TestDatabase } from './test-database';

const SOURCE = '00D000000000000EAA';
const ORGS = ['00D000000000001AAA', '00D000000000002AAA', '00D000000000003AAA'];
const ACCOUNTS = ['001000000000001AAA', '001000000000002AAA'];
const PACKAGES = ['033000000000001AAA', '033000000000002AAA'];
/** Two versions of each package: VERSIONS[package][n]. */
const VERSIONS = PACKAGES.map((_, p) => [0, 1].map((n) => `04t0000000000${p}${n}AAA`));
const INSTANCES = ['NA1', 'EU5', 'AP9'];

let test: TestDatabase;
let upgradeId = 0;
const itemIds: number[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  const db = test.db;
  await db.query(
    `INSERT INTO connected_org (org_id, name, instance_url, login_url, type, status)
     VALUES ($1, 'LMA', 'https://lma.example', 'https://login.example', 'Licenses', 'Connected')`,
    [SOURCE],
  );
  for (const [p, packageId] of PACKAGES.entries()) {
    await db.query(`INSERT INTO package (sfid, package_id, name) VALUES ($1, $1, $2)`, [
      packageId,
      `Package ${p}`,
    ]);
    for (const [n, versionId] of VERSIONS[p]!.entries()) {
      await db.query(
        `INSERT INTO package_version (sfid, version_id, package_id, name, version_number, version_sort)
         VALUES ($1, $1, $2, $3, $3, $4)`,
        [versionId, packageId, `1.${n}`, `0001.000${n}`],
      );
    }
  }
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO upgrade (description, start_time) VALUES ('test', now()) RETURNING id::int`,
  );
  upgradeId = rows[0]!.id;
  for (const [p, packageId] of PACKAGES.entries()) {
    const { rows: items } = await db.query<{ id: number }>(
      `INSERT INTO upgrade_item (upgrade_id, package_org_id, package_id, version_id, scheduled_start_time)
       VALUES ($1, $2, $3, $4, now()) RETURNING id::int`,
      [upgradeId, SOURCE, packageId, VERSIONS[p]![1]],
    );
    itemIds.push(items[0]!.id);
  }
});
afterAll(() => test.drop());

/** What the jobs keep, against what the joins say, per job. */
async function keptAndTruth() {
  const { rows } = await test.db.query<Record<string, string | null>>(
    `SELECT j.id::text AS id,
            j.org_name, j.org_instance, j.org_account_name, trim(j.current_version_id) AS current,
            o.name AS true_name, o.instance AS true_instance, a.account_name AS true_account,
            trim(cpv.version_id) AS true_current
       FROM upgrade_job j JOIN upgrade_item i ON i.id = j.item_id
       LEFT JOIN org o ON o.org_id = j.org_id
       LEFT JOIN account a ON a.account_id = o.account_id
       LEFT JOIN org_package_version cpv ON cpv.org_id = j.org_id AND cpv.package_id = i.package_id
      ORDER BY j.id`,
  );
  return {
    kept: rows.map((r) => [r.id, r.org_name, r.org_instance, r.org_account_name, r.current]),
    truth: rows.map((r) => [r.id, r.true_name, r.true_instance, r.true_account, r.true_current]),
  };
}

const org = fc.integer({ min: 0, max: ORGS.length - 1 });
const pkg = fc.integer({ min: 0, max: PACKAGES.length - 1 });
const step = fc.oneof(
  fc.record({ kind: fc.constant('job' as const), org, pkg }),
  fc.record({ kind: fc.constant('pushed job' as const), org, pkg }),
  fc.record({
    kind: fc.constant('write org' as const),
    org,
    name: fc.constantFrom('Acme', 'Globex', null),
    instance: fc.constantFrom(...INSTANCES, null),
    account: fc.constantFrom(...ACCOUNTS, null),
  }),
  fc.record({ kind: fc.constant('delete org' as const), org }),
  fc.record({
    kind: fc.constant('rename account' as const),
    account: fc.integer({ min: 0, max: ACCOUNTS.length - 1 }),
    name: fc.constantFrom('Acme Corp', 'Initech', 'Umbrella'),
  }),
  fc.record({
    kind: fc.constant('delete account' as const),
    account: fc.constantFrom(...ACCOUNTS),
  }),
  fc.record({
    kind: fc.constant('install' as const),
    org,
    pkg,
    version: fc.integer({ min: 0, max: 1 }),
  }),
  fc.record({ kind: fc.constant('uninstall' as const), org, pkg }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function apply(s: Step): Promise<void> {
  const db = test.db;
  switch (s.kind) {
    case 'job':
      await db.query(
        `INSERT INTO upgrade_job (upgrade_id, item_id, org_id, status)
         SELECT i.upgrade_id, i.id, $2, 'Created' FROM upgrade_item i WHERE i.id = $1
         ON CONFLICT (item_id, org_id) DO NOTHING`,
        [itemIds[s.pkg], ORGS[s.org]],
      );
      return;
    case 'pushed job':
      // As a push writes them.
      await insertJobs(
        db,
        { upgradeId, itemId: itemIds[s.pkg]!, pushRequestId: '0DV000000000001AAA' },
        [
          {
            orgId: ORGS[s.org]!,
            jobId: null,
            status: 'Pending',
            message: null,
            originalVersionId: null,
          },
        ],
      );
      return;
    case 'write org':
      await db.query(
        // An account not stored is no account (a foreign key).
        `INSERT INTO org (org_id, name, instance, account_id)
         VALUES ($1, $2, $3, (SELECT account_id FROM account WHERE account_id = $4))
         ON CONFLICT (org_id) DO UPDATE
           SET name = EXCLUDED.name, instance = EXCLUDED.instance, account_id = EXCLUDED.account_id`,
        [ORGS[s.org], s.name, s.instance, s.account],
      );
      return;
    case 'delete org':
      await db.query('DELETE FROM org WHERE org_id = $1', [ORGS[s.org]]);
      return;
    case 'rename account':
      await db.query(
        `INSERT INTO account (account_id, source_org_id, account_name) VALUES ($1, $2, $3)
         ON CONFLICT (account_id) DO UPDATE SET account_name = EXCLUDED.account_name`,
        [ACCOUNTS[s.account], SOURCE, s.name],
      );
      return;
    case 'delete account':
      await db.query('DELETE FROM account WHERE account_id = $1', [s.account]);
      return;
    case 'install':
      // Only an org that is stored can have a version installed (a foreign key).
      await db.query(
        `INSERT INTO org_package_version (org_id, package_id, version_id)
         SELECT $1::sf_org_id, $2, $3 WHERE EXISTS (SELECT 1 FROM org WHERE org_id = $1::sf_org_id)
         ON CONFLICT (org_id, package_id) DO UPDATE SET version_id = EXCLUDED.version_id`,
        [ORGS[s.org], PACKAGES[s.pkg], VERSIONS[s.pkg]![s.version]],
      );
      return;
    case 'uninstall':
      await db.query('DELETE FROM org_package_version WHERE org_id = $1 AND package_id = $2', [
        ORGS[s.org],
        PACKAGES[s.pkg],
      ]);
      return;
  }
}

describe("an upgrade job's copy of its org", () => {
  it('equals what the joins say after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        for (const s of steps) {
          await apply(s);
          const { kept, truth } = await keptAndTruth();
          expect(kept, JSON.stringify(s)).toEqual(truth);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('is taken from the org and its installed version when the job is written', async () => {
    await apply({ kind: 'write org', org: 0, name: 'Acme', instance: 'NA1', account: null });
    await apply({ kind: 'install', org: 0, pkg: 0, version: 0 });
    await apply({ kind: 'job', org: 0, pkg: 0 });
    const { rows } = await test.db.query<{ org_name: string; current: string }>(
      `SELECT org_name, trim(current_version_id) AS current FROM upgrade_job
        WHERE org_id = $1 AND item_id = $2`,
      [ORGS[0], itemIds[0]],
    );
    expect(rows).toEqual([{ org_name: 'Acme', current: VERSIONS[0]![0] }]);
    const { kept, truth } = await keptAndTruth();
    expect(kept).toEqual(truth);
  });

  it('is taken when a push writes the job, for the package of its request', async () => {
    // The property's runs may have left jobs of this org: a push skips an org that has one.
    await test.db.query('DELETE FROM upgrade_job WHERE org_id = $1', [ORGS[1]]);
    await apply({ kind: 'rename account', account: 1, name: 'Initech' });
    await apply({
      kind: 'write org',
      org: 1,
      name: 'Globex',
      instance: 'EU5',
      account: ACCOUNTS[1]!,
    });
    // Both packages installed: the job's is the request's.
    await apply({ kind: 'install', org: 1, pkg: 0, version: 0 });
    await apply({ kind: 'install', org: 1, pkg: 1, version: 1 });
    await apply({ kind: 'pushed job', org: 1, pkg: 0 });
    await apply({ kind: 'pushed job', org: 1, pkg: 1 });
    const { rows } = await test.db.query(
      `SELECT org_name, org_instance, org_account_name, trim(current_version_id) AS current
         FROM upgrade_job WHERE org_id = $1 AND item_id = ANY($2::bigint[]) ORDER BY item_id`,
      [ORGS[1], [itemIds[0], itemIds[1]]],
    );
    const globex = { org_name: 'Globex', org_instance: 'EU5', org_account_name: 'Initech' };
    expect(rows).toEqual([
      { ...globex, current: VERSIONS[0]![0] },
      { ...globex, current: VERSIONS[1]![1] },
    ]);
  });
});
