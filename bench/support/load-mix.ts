// What the load benchmark's users read: the list screens with their filters, sorts and pages,
// drawn in fixed proportions (a deterministic sequence, so two runs send the same requests).
import type { Database } from '../../src/server/db/database';
import type { LoadRequest } from './load-traffic';

export interface MixData {
  word: string;
  packageId: string;
  versionId: string;
  versionNumber: string;
  groupId: number;
  orgId: string;
  upgradeId: number | undefined;
}

async function one<T>(db: Database, sql: string): Promise<T | undefined> {
  const { rows } = await db.query<{ v: T }>(sql);
  return rows[0]?.v;
}

async function required<T>(db: Database, sql: string): Promise<T> {
  const value = await one<T>(db, sql);
  if (value === undefined || value === null) throw new Error(`no sample for ${sql}`);
  return value;
}

/** Values of the seeded data that realistic filters and detail reads use. */
export async function sampleMixData(db: Database, memberGroupId: number): Promise<MixData> {
  const packageId = await required<string>(
    db,
    `SELECT package_id AS v FROM org_package_version GROUP BY package_id ORDER BY count(*) DESC LIMIT 1`,
  );
  const [version] = (
    await db.query<{ version_id: string; version_number: string }>(
      `SELECT pv.version_id, pv.version_number FROM package_version pv
       WHERE pv.package_id = $1 ORDER BY pv.version_sort DESC OFFSET 2 LIMIT 1`,
      [packageId],
    )
  ).rows;
  if (!version) throw new Error(`package ${packageId} has too few versions`);
  return {
    word: await required<string>(
      db,
      `SELECT substr(lower(name), 1, 4) AS v FROM org WHERE name IS NOT NULL ORDER BY md5(org_id) LIMIT 1`,
    ),
    packageId,
    versionId: version.version_id,
    versionNumber: version.version_number,
    groupId: memberGroupId,
    orgId: await required<string>(db, `SELECT org_id AS v FROM org ORDER BY md5(org_id) LIMIT 1`),
    upgradeId: await one<number>(db, `SELECT id AS v FROM upgrade ORDER BY id DESC LIMIT 1`),
  };
}

const filters = (id: string, value: string) => encodeURIComponent(JSON.stringify([{ id, value }]));

interface Weighted {
  weight: number;
  make: (index: number) => LoadRequest;
}

/** The requests, by weight: the busy lists (orgs, licenses) more often than the small ones. */
function weighted(data: MixData): Weighted[] {
  const page = (index: number) => 2 + (index % 19);
  const jobs: Weighted = data.upgradeId
    ? {
        weight: 1,
        make: () => ({
          route: 'upgrade jobs: page 1',
          path: `/api/upgrades/${data.upgradeId}/jobs?page=1&pageSize=25`,
        }),
      }
    : {
        weight: 1,
        make: () => ({
          route: "upgrade jobs: an org's",
          path: `/api/upgradejobs?orgId=${data.orgId}`,
        }),
      };
  return [
    { weight: 3, make: () => ({ route: 'orgs: page 1', path: '/api/orgs?page=1&pageSize=25' }) },
    {
      weight: 2,
      make: () => ({
        route: `orgs: contains '${data.word}', by name`,
        path: `/api/orgs?page=1&pageSize=25&sort_field=name&sort_dir=asc&filters=${filters('name', data.word)}`,
      }),
    },
    {
      weight: 1,
      make: (index) => ({
        route: 'orgs: pages 2-20, 50 rows, by account',
        path: `/api/orgs?page=${page(index)}&pageSize=50&sort_field=account_name&sort_dir=desc`,
      }),
    },
    {
      weight: 2,
      make: () => ({ route: 'licenses: page 1', path: '/api/licenses?page=1&pageSize=25' }),
    },
    {
      weight: 1,
      make: () => ({
        route: `licenses: version > ${data.versionNumber}`,
        path: `/api/licenses?page=1&pageSize=25&filters=${filters('version_number', `> ${data.versionNumber}`)}`,
      }),
    },
    {
      weight: 1,
      make: () => ({
        route: `licenses: contains '${data.word}', by account`,
        path: `/api/licenses?page=1&pageSize=25&sort_field=account_name&filters=${filters('account_name', data.word)}`,
      }),
    },
    { weight: 1, make: () => ({ route: 'packages', path: '/api/packages' }) },
    {
      weight: 1,
      make: () => ({
        route: 'package customers: page 1',
        path: `/api/packages/${data.packageId}/customers?page=1&pageSize=25`,
      }),
    },
    {
      weight: 1,
      make: () => ({
        route: 'versions of a package',
        path: `/api/packageversions?packageIds=${data.packageId}`,
      }),
    },
    {
      weight: 1,
      make: () => ({
        route: 'version customers: page 1',
        path: `/api/packageversions/${data.versionId}/customers?page=1&pageSize=25`,
      }),
    },
    { weight: 1, make: () => ({ route: 'groups', path: '/api/orggroups' }) },
    {
      weight: 1,
      make: (index) => ({
        route: 'group members: pages 2-20',
        path: `/api/orggroups/${data.groupId}/members?page=${page(index)}&pageSize=25`,
      }),
    },
    { weight: 1, make: () => ({ route: 'upgrades', path: '/api/upgrades' }) },
    jobs,
  ];
}

/** Request `index` of the mix: the weights laid out in a fixed cycle. */
export function requestMix(data: MixData): (index: number) => LoadRequest {
  const cycle = weighted(data).flatMap((entry) => Array<Weighted>(entry.weight).fill(entry));
  // Stride through the cycle so consecutive requests hit different lists; a stride sharing no
  // factor with the cycle's length visits every entry once per cycle.
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const stride = [7, 5, 11, 13].find((n) => gcd(n, cycle.length) === 1) ?? 1;
  return (index) => cycle[(index * stride) % cycle.length]!.make(index);
}
