// A semi-join on a reference field answers from the child object's distinct values when the
// simulator keeps them (after a full read of the child, or the first such semi-join), and what
// it answers is always what reading every child record answers, writes in between included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, LmaAdminSession, soql } from '../test-support';

const lma = new LmaAdminSession();
beforeAll(() => lma.start());
afterAll(() => lma.stop());
const call = lma.call;

const count = async (query: string) => {
  const reply = await call(soql(query));
  expect(reply.status).toBe(200);
  return (reply.body as { totalSize: number }).totalSize;
};
/** Accounts that licenses name: without WHERE (the kept values), and through a scan of every license. */
const accountsNamed = async () => ({
  kept: await count(
    'SELECT COUNT() FROM Account WHERE Id IN (SELECT sfLma__Account__c FROM sfLma__License__c)',
  ),
  scanned: await count(
    `SELECT COUNT() FROM Account WHERE Id IN
       (SELECT sfLma__Account__c FROM sfLma__License__c WHERE Name != null)`,
  ),
});

describe('semi-join on a reference field', () => {
  it('answers what a scan of every child answers, before and after writes and full reads', async () => {
    const first = await accountsNamed();
    expect(first.kept).toBeGreaterThan(0);
    expect(first.kept).toBe(first.scanned);

    // A new account, named by one license: one more account is named.
    const created = await call(`${API}/sobjects/Account`, {
      method: 'POST',
      body: { Name: 'Semi Join Test Ltd' },
    });
    expect(created.status).toBe(201);
    const accountId = (created.body as { id: string }).id;
    const license = await call(soql('SELECT Id FROM sfLma__License__c LIMIT 1'));
    const licenseId = (license.body as { records: { Id: string }[] }).records[0]?.Id ?? '';
    const patched = await call(`${API}/sobjects/sfLma__License__c/${licenseId}`, {
      method: 'PATCH',
      body: { sfLma__Account__c: accountId },
    });
    expect(patched.status).toBe(204);
    // The next full read of the licenses keeps their reference values (the write dropped the
    // earlier ones); the semi-join then answers from them.
    expect(await count('SELECT COUNT() FROM sfLma__License__c')).toBeGreaterThan(0);
    const afterWrite = await accountsNamed();
    expect(afterWrite.kept).toBe(afterWrite.scanned);
    expect(afterWrite.kept).toBeGreaterThanOrEqual(first.kept);

    // Another write, and no full read before the semi-join.
    const back = await call(`${API}/sobjects/sfLma__License__c/${licenseId}`, {
      method: 'PATCH',
      body: { sfLma__Account__c: null },
    });
    expect(back.status).toBe(204);
    const last = await accountsNamed();
    expect(last.kept).toBe(last.scanned);
  });
});
