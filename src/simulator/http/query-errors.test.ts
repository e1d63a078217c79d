// Query errors over HTTP exactly as Salesforce words them: 400, [{message, errorCode}], the message
// opening with the offending line, a caret under the column and "ERROR at Row:r:Column:c".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LmaAdminSession, soql } from '../test-support';

const lma = new LmaAdminSession();
beforeAll(() => lma.start());
afterAll(() => lma.stop());

describe('MALFORMED_QUERY', () => {
  it('points at the row and column of the unexpected token', async () => {
    const reply = await lma.call(soql('SELECT Id\nFROM Account\nWHERE Name = Acme'));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual([
      {
        message:
          '\nWHERE Name = Acme\n             ^\nERROR at Row:3:Column:14\nunexpected token: Acme',
        errorCode: 'MALFORMED_QUERY',
      },
    ]);
  });

  it('rejects an ungrouped field beside an aggregate at that field', async () => {
    const reply = await lma.call(soql('SELECT Name, COUNT(Id) FROM Account'));
    expect(reply).toMatchObject({
      status: 400,
      body: [
        {
          message:
            '\nSELECT Name, COUNT(Id) FROM Account\n       ^\nERROR at Row:1:Column:8\nField must be grouped or aggregated: Name',
          errorCode: 'MALFORMED_QUERY',
        },
      ],
    });
  });
});

describe('aggregate results', () => {
  it('answers AggregateResult rows without a url, exprN for unaliased functions', async () => {
    const reply = await lma.call(
      soql('SELECT Industry, COUNT(Id) n, COUNT(Website) FROM Account GROUP BY Industry'),
    );
    const body = reply.body as { totalSize: number; done: boolean; records: object[] };
    expect(body.done).toBe(true);
    expect(body.totalSize).toBe(body.records.length);
    expect(body.records[0]).toEqual({
      attributes: { type: 'AggregateResult' },
      Industry: expect.anything() as unknown,
      n: expect.any(Number) as number,
      expr0: expect.any(Number) as number,
    });
  });
});
