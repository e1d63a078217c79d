// `query?q=…&columns=true`: the column metadata the sf CLI reads to lay out `sf data query` tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator, SimOrgInfo } from '../index';
import {
  api,
  orgInfo,
  passwordToken,
  soql,
  startTestSimulator,
  type TokenReply,
} from '../test-support';

let sim: RunningSimulator;
let core: SimOrgInfo;
let admin: TokenReply;

const columns = (query: string) =>
  api(core.instanceUrl, admin.access_token, `${soql(query)}&columns=true`);

beforeAll(async () => {
  sim = await startTestSimulator({ instanceUrls: 'origin' });
  core = orgInfo(sim, 'relaycore');
  admin = await passwordToken(sim, 'admin@relaycore.pushboard.demo');
});
afterAll(async () => {
  await sim.close();
});

describe('query columns', () => {
  it('nests relationship paths as join columns and describes each field', async () => {
    const reply = await columns(
      'SELECT Id, Status, PackageVersion.Name, PackageVersion.MetadataPackage.NamespacePrefix FROM PackagePushRequest',
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      entityName: 'PackagePushRequest',
      groupBy: false,
      idSelected: true,
      keyPrefix: '0DV',
    });
    const [id, status, version] = (reply.body as { columnMetadata: Record<string, unknown>[] })
      .columnMetadata;
    expect(id).toMatchObject({
      columnName: 'Id',
      apexType: 'Id',
      aggregate: false,
      joinColumns: [],
    });
    expect(status).toMatchObject({
      columnName: 'Status',
      apexType: 'String',
      textType: true,
      insertable: true,
      updatable: true,
    });
    expect(version).toMatchObject({
      columnName: 'PackageVersion',
      apexType: null,
      joinColumns: [
        { columnName: 'Name', displayName: 'PackageVersion.Name', insertable: false },
        {
          columnName: 'MetadataPackage',
          joinColumns: [
            {
              columnName: 'NamespacePrefix',
              displayName: 'PackageVersion.MetadataPackage.NamespacePrefix',
            },
          ],
        },
      ],
    });
  });

  it('names aggregate columns by alias or exprN, as the records carry them', async () => {
    const reply = await columns(
      'SELECT Status, COUNT(Id), MAX(DurationSeconds) longest FROM PackagePushJob GROUP BY Status',
    );
    expect(reply.body).toMatchObject({
      entityName: 'AggregateResult',
      groupBy: true,
      idSelected: false,
      columnMetadata: [
        { columnName: 'Status', aggregate: false },
        { columnName: 'expr0', displayName: 'COUNT(Id)', aggregate: true },
        { columnName: 'longest', displayName: 'MAX(DurationSeconds)', aggregate: true },
      ],
    });
  });

  it('rejects what the query itself would reject', async () => {
    expect(await columns('SELECT Nope FROM PackagePushJob')).toMatchObject({
      status: 400,
      body: [{ errorCode: 'INVALID_FIELD' }],
    });
  });
});
