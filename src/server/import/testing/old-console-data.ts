// Fills a database built from test/fixtures/old-console-schema.sql with old-console data that has
// every quirk the import must cope with (docs/operations.md "Importing from the old console"):
// 15- and 18-character ids mixed, group and parent ids kept as text (some not numbers), request
// versions given as 04t ids or as LMA record ids, and orphans (members of missing groups, jobs of
// missing upgrades). Deterministic for a seed; 'small' for tests, 'scale' for the timing run.
import { readFileSync } from 'node:fs';
import { generateHistory } from './old-console-history';
import { id15, insertRows, random, to18, type OldClient } from './old-console-rows';
import { encryptOldToken } from './old-token-encrypt';

export const OLD_CONSOLE_SCHEMA = readFileSync(
  new URL('../../../../test/fixtures/old-console-schema.sql', import.meta.url),
  'utf8',
);

export type OldConsoleSize = 'small' | 'scale';

const SIZES = {
  small: { orgs: 200, groups: 8, membersPerGroup: 20, upgrades: 6, itemsPerUpgrade: 2, jobs: 96 },
  // 100 000 orgs' worth of groups (a customer fleet of about 1 000 000 licenses) and 30 000 jobs.
  scale: {
    orgs: 100_000,
    groups: 2_000,
    membersPerGroup: 150,
    upgrades: 600,
    itemsPerUpgrade: 2,
    jobs: 30_000,
  },
} as const;

/** What the generator wrote on purpose, so tests can check the import's report against it. */
export interface GeneratedOldConsole {
  oldKey: string;
  /** Plain refresh token of the connected org whose tokens decrypt. */
  plainRefreshToken: string;
  connectedOrgId: string;
  /** LMA package version record ids (a0…) used as request versions, with their 04t ids. */
  lmaVersions: { sfid: string; versionId: string; packageSfid: string }[];
  unknownLmaVersion: string;
  counts: Record<string, number>;
  quirks: {
    missingGroupId: number;
    missingUpgradeId: number;
    inactiveGroupId: number;
    blacklistGroupId: number;
    whitelistGroupId: number;
    duplicateMember: { groupId: number; id15: string; id18: string };
    badOrgIds: string[];
    textGroupIdUpgrade: number;
  };
}

/** Loads the fixture schema and fills it. The database must be empty. */
export async function generateOldConsole(
  client: OldClient,
  options: { size?: OldConsoleSize; seed?: number } = {},
): Promise<GeneratedOldConsole> {
  const size = SIZES[options.size ?? 'small'];
  const rand = random(options.seed ?? 28);
  const oldKey = 'old-console-test-key';
  await client.query(OLD_CONSOLE_SCHEMA);

  // Orgs: every third id is stored in its 18-character form, as the old console mixed both.
  const orgs = Array.from({ length: size.orgs }, (_, i) => id15('00D', 1_000 + i));
  const stored = (i: number) => (i % 3 === 0 ? to18(orgs[i] as string) : (orgs[i] as string));

  const plainRefreshToken = '5Aep861TSESvWeug_refresh';
  const connectedOrgId = id15('00D', 1);
  await insertRows(
    client,
    'package_org',
    [
      'org_id',
      'name',
      'type',
      'status',
      'instance_name',
      'instance_url',
      'namespace',
      'access_token',
      'refresh_token',
      'active',
      'refreshed_date',
    ],
    ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'bool', 'timestamptz'],
    [
      [
        connectedOrgId,
        'LMA',
        'Licenses',
        'Connected',
        'NA1',
        'https://lma.my.salesforce.com',
        null,
        encryptOldToken('00Daccess!token', oldKey),
        encryptOldToken(plainRefreshToken, oldKey),
        true,
        new Date(),
      ],
      [
        to18(id15('00D', 2)),
        'Packaging',
        'Package',
        'Connected',
        'CS42',
        'https://pkg--dev.my.salesforce.com',
        'pb',
        encryptOldToken('access-2', oldKey),
        encryptOldToken('refresh-2', oldKey),
        true,
        new Date(),
      ],
      // Sealed under another key: cannot be opened even with --old-key.
      [
        id15('00D', 3),
        'Accounts',
        'Accounts',
        'Invalid',
        'EU5',
        'https://acct.my.salesforce.com',
        null,
        null,
        encryptOldToken('refresh-3', 'another key'),
        true,
        null,
      ],
      [
        '00Dnot-an-id',
        'Broken',
        'Package',
        'Connected',
        'NA1',
        'https://x.my.salesforce.com',
        null,
        null,
        null,
        true,
        null,
      ],
    ],
  );

  // Groups: ids 1…n; group 1 a Blacklist, 2 a Whitelist, 3 Inactive, 4 without a type.
  const inactiveGroupId = 3;
  const groupRows = Array.from({ length: size.groups }, (_, i) => {
    const id = i + 1;
    const type =
      id === 1
        ? 'Blacklist'
        : id === 2
          ? 'Whitelist'
          : id === inactiveGroupId
            ? 'Inactive'
            : id === 4
              ? null
              : 'Upgrade Group';
    return [
      id,
      `Group ${id}`,
      type,
      id % 2 ? `Described ${id}` : null,
      new Date(Date.UTC(2020, 0, 1 + (id % 300))),
    ];
  });
  await insertRows(
    client,
    'org_group',
    ['id', 'name', 'type', 'description', 'created_date'],
    ['int', 'text', 'text', 'text', 'timestamptz'],
    groupRows,
  );
  await client.query(`SELECT setval('org_group_id_seq', $1)`, [size.groups]);

  const members: unknown[][] = [];
  for (let g = 1; g <= size.groups; g++) {
    const seen = new Set<number>();
    for (let m = 0; m < size.membersPerGroup; m++) {
      const i = Math.floor(rand() * size.orgs);
      if (seen.has(i)) continue;
      seen.add(i);
      members.push([g, stored(i)]);
    }
  }
  const duplicate = { groupId: 5, id15: id15('00D', 999_999), id18: to18(id15('00D', 999_999)) };
  const badOrgIds = ['00Dnot-an-org', '001000000000001'];
  const missingGroupId = 99_999;
  members.push(
    [duplicate.groupId, duplicate.id15],
    [duplicate.groupId, duplicate.id18],
    [6, badOrgIds[0]],
    [6, badOrgIds[1]],
    [missingGroupId, orgs[0]],
  );
  await insertRows(
    client,
    'org_group_member',
    ['org_group_id', 'org_id'],
    ['int', 'text'],
    members,
  );

  await insertRows(
    client,
    'filter',
    ['key', 'created_by', 'name', 'query'],
    ['text', 'text', 'text', 'text'],
    [
      ['orgs', 'ana@example.com', 'EU sandboxes', '{"instance":"EU","is_sandbox":true}'],
      ['licenses', 'ben@example.com', 'Expiring', '{"status":"Active"}'],
      ['orgs', 'ana@example.com', 'Broken filter', '{not json'],
    ],
  );

  const history = await generateHistory(client, {
    size,
    rand,
    orgs,
    stored,
    missingGroupId,
    badOrgIds,
  });

  return {
    oldKey,
    plainRefreshToken,
    connectedOrgId,
    lmaVersions: history.lmaVersions,
    unknownLmaVersion: history.unknownLmaVersion,
    counts: {
      package_org: 4,
      org_group: size.groups,
      org_group_member: members.length,
      filter: 3,
      ...history.counts,
    },
    quirks: {
      missingGroupId,
      missingUpgradeId: history.missingUpgradeId,
      inactiveGroupId,
      blacklistGroupId: 1,
      whitelistGroupId: 2,
      duplicateMember: duplicate,
      badOrgIds,
      textGroupIdUpgrade: history.textGroupIdUpgrade,
    },
  };
}
