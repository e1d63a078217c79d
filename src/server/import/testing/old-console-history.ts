// The old console's upgrade history for the generator: upgrades (group and parent ids as text),
// requests whose version is a 04t id or an LMA record id, jobs with messages, the per-upgrade
// blacklist snapshot, and orphans (jobs of a missing upgrade, snapshot rows of one).
import { id15, insertRows, to18, type OldClient } from './old-console-rows';

export interface HistoryInput {
  size: { orgs: number; groups: number; upgrades: number; itemsPerUpgrade: number; jobs: number };
  rand: () => number;
  orgs: string[];
  stored: (index: number) => string;
  missingGroupId: number;
  badOrgIds: string[];
}

export async function generateHistory(client: OldClient, input: HistoryInput) {
  const { size, rand, orgs, stored, missingGroupId, badOrgIds } = input;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  // Upgrades with requests and jobs; versions given as 04t ids or as LMA record ids.
  const lmaVersions = [0, 1, 2].map((n) => ({
    sfid: id15('a0B', 500 + n),
    versionId: to18(id15('04t', 500 + n)),
    packageSfid: to18(id15('a0A', 500)),
  }));
  const unknownLmaVersion = id15('a0B', 9_999);
  const people = ['ana@example.com', 'ben@example.com', 'Carla Diaz', null];
  const statuses = ['Done', 'Done', 'Active', 'Canceled', 'Failed', 'Ready'];
  const upgrades: unknown[][] = [];
  const items: unknown[][] = [];
  const blacklist: unknown[][] = [];
  const textGroupIdUpgrade = 4; // a Failed one: upgrades still running are not imported
  let itemId = 0;
  for (let u = 1; u <= size.upgrades; u++) {
    const start = new Date(Date.UTC(2021, 0, 1) + u * 3_600_000 * 7);
    const groupText =
      u === textGroupIdUpgrade
        ? 'not-a-number'
        : u === 3
          ? String(missingGroupId)
          : String(5 + (u % Math.max(1, size.groups - 5)));
    upgrades.push([
      u,
      start,
      `Push ${u}`,
      // Only the first few are still running: history is mostly finished upgrades.
      u <= statuses.length
        ? statuses[u % statuses.length]
        : pick(['Done', 'Done', 'Done', 'Canceled', 'Failed']),
      u > 1 && u % 5 === 1 ? String(u - 5) : null,
      u % 2 ? `Comment ${u}` : null,
      groupText,
      pick(people),
      u % 3 ? pick(people) : null,
      u % 3 ? new Date(start.getTime() + 60_000) : null,
    ]);
    for (let k = 0; k < size.itemsPerUpgrade; k++) {
      itemId++;
      const version =
        itemId === 2
          ? unknownLmaVersion
          : itemId % 3 === 0
            ? (lmaVersions[itemId % 3] as { sfid: string }).sfid
            : id15('04t', 700 + (itemId % 5));
      const status =
        itemId === 4 ? '[{"message":"INVALID_ID"}]' : pick(['Succeeded', 'Failed', 'Canceled']);
      items.push([
        itemId,
        u,
        0,
        id15('0DV', itemId),
        stored(itemId % size.orgs),
        version,
        status,
        start,
        pick(people),
        pick(people),
        start,
        start,
        new Date(start.getTime() + 600_000),
        600,
      ]);
    }
    for (let b = 0; b < 3; b++) blacklist.push([u, stored(Math.floor(rand() * size.orgs))]);
  }
  blacklist.push([size.upgrades + 50, orgs[0]]);
  await insertRows(
    client,
    'upgrade',
    [
      'id',
      'start_time',
      'description',
      'status',
      'parent_id',
      'comment',
      'org_group_id',
      'created_by',
      'activated_by',
      'activated_date',
    ],
    ['int', 'timestamptz', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'timestamptz'],
    upgrades,
  );
  await client.query(`SELECT setval('upgrade_id_seq', $1)`, [size.upgrades]);
  await insertRows(
    client,
    'upgrade_item',
    [
      'id',
      'upgrade_id',
      'total_job_count',
      'push_request_id',
      'package_org_id',
      'version_id',
      'status',
      'scheduled_start_time',
      'created_by',
      'activated_by',
      'activated_date',
      'start_time',
      'end_time',
      'duration',
    ],
    [
      'int',
      'int',
      'int',
      'text',
      'text',
      'text',
      'text',
      'timestamptz',
      'text',
      'text',
      'timestamptz',
      'timestamptz',
      'timestamptz',
      'int',
    ],
    items,
  );
  await client.query(`SELECT setval('upgrade_item_id_seq', $1)`, [itemId]);
  await insertRows(
    client,
    'upgrade_blacklist',
    ['upgrade_id', 'org_id'],
    ['int', 'text'],
    blacklist,
  );

  const jobs: unknown[][] = [];
  const messages = [
    'Package installed',
    'UNKNOWN_EXCEPTION: An unexpected error occurred',
    null,
    'Ineligible: org is locked',
  ];
  for (let j = 1; j <= size.jobs; j++) {
    const item = items[(j - 1) % items.length] as unknown[];
    const jobStatus = pick(['Succeeded', 'Succeeded', 'Failed', 'Canceled']);
    // Each item's jobs go to distinct orgs (a request pushes once per org).
    const orgIndex = (Math.floor((j - 1) / items.length) * 7 + 1) % size.orgs;
    jobs.push([
      item[1],
      item[0],
      item[3],
      id15('0DX', j),
      stored(orgIndex),
      id15('04t', 600),
      jobStatus,
      jobStatus === 'Succeeded' ? messages[0] : pick(messages),
      item[7],
      item[12],
      30,
    ]);
  }
  const missingUpgradeId = 88_888;
  jobs.push([
    missingUpgradeId,
    1,
    null,
    id15('0DX', size.jobs + 1),
    orgs[0],
    null,
    'Failed',
    'orphan',
    null,
    null,
    null,
  ]);
  jobs.push([
    1,
    1,
    null,
    id15('0DX', size.jobs + 2),
    badOrgIds[0],
    null,
    'Failed',
    'bad org',
    null,
    null,
    null,
  ]);
  await insertRows(
    client,
    'upgrade_job',
    [
      'upgrade_id',
      'item_id',
      'push_request_id',
      'job_id',
      'org_id',
      'original_version_id',
      'status',
      'message',
      'start_time',
      'end_time',
      'duration',
    ],
    [
      'int',
      'int',
      'text',
      'text',
      'text',
      'text',
      'text',
      'text',
      'timestamptz',
      'timestamptz',
      'int',
    ],
    jobs,
  );
  return {
    lmaVersions,
    unknownLmaVersion,
    missingUpgradeId,
    textGroupIdUpgrade,
    counts: {
      upgrade: size.upgrades,
      upgrade_item: items.length,
      upgrade_job: jobs.length,
      upgrade_blacklist: blacklist.length,
    },
  };
}
