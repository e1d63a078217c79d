// The account name kept on each org row (migration 0012) follows every way it can change: an org
// written with its account, an account renamed by a fetch, an org moved to another account, an
// account removed. Orgs sort and filter by it, so a stale copy would misplace rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertAccounts } from './repositories/accounts';
import { createTestDatabase, type TestDatabase } from './test-database';

const SOURCE = '00D000000000000EAA';
const ACME = '001000000000001AAA';
const GLOBEX = '001000000000002AAA';
const ORG_A = '00D000000000001AAA';
const ORG_B = '00D000000000002AAA';
const ORG_C = '00D000000000003AAA';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
  await test.db.query(
    `INSERT INTO connected_org (org_id, name, instance_url, login_url, type, status)
     VALUES ($1, 'LMA', 'https://lma.example', 'https://login.example', 'Licenses', 'Connected')`,
    [SOURCE],
  );
});
afterAll(() => test.drop());

async function namesOfOrgs(): Promise<Record<string, string | null>> {
  const { rows } = await test.db.query<{ org_id: string; account_name: string | null }>(
    'SELECT org_id, account_name FROM org ORDER BY org_id',
  );
  return Object.fromEntries(rows.map((row) => [row.org_id, row.account_name]));
}

const account = (accountId: string, accountName: string) => ({
  accountId,
  accountName,
  modifiedDate: '2026-01-01T00:00:00.000Z',
});

describe('org.account_name', () => {
  it('is filled when the org is written, from its account', async () => {
    await upsertAccounts(test.db, SOURCE, [account(ACME, 'Acme Corp'), account(GLOBEX, 'Globex')]);
    await test.db.query(
      `INSERT INTO org (org_id, account_id) VALUES ($1, $2), ($3, $4), ($5, NULL)`,
      [ORG_A, ACME, ORG_B, GLOBEX, ORG_C],
    );
    expect(await namesOfOrgs()).toEqual({ [ORG_A]: 'Acme Corp', [ORG_B]: 'Globex', [ORG_C]: null });
  });

  it('follows a renamed account (a fetch page of several) and an org moved to another account', async () => {
    await upsertAccounts(test.db, SOURCE, [
      account(ACME, 'Acme Corporation'),
      account(GLOBEX, 'Globex'),
    ]);
    await test.db.query('UPDATE org SET account_id = $1 WHERE org_id = $2', [GLOBEX, ORG_C]);
    expect(await namesOfOrgs()).toEqual({
      [ORG_A]: 'Acme Corporation',
      [ORG_B]: 'Globex',
      [ORG_C]: 'Globex',
    });
    await test.db.query('UPDATE org SET account_id = NULL WHERE org_id = $1', [ORG_B]);
    expect((await namesOfOrgs())[ORG_B]).toBeNull();
  });

  it('is cleared when the account is removed, and cannot be set apart from the account', async () => {
    await test.db.query('DELETE FROM account WHERE account_id = $1', [GLOBEX]);
    expect((await namesOfOrgs())[ORG_C]).toBeNull();
    await test.db.query(
      `UPDATE org SET account_id = $1, account_name = 'Forged' WHERE org_id = $2`,
      [ACME, ORG_C],
    );
    expect((await namesOfOrgs())[ORG_C]).toBe('Acme Corporation');
  });
});
