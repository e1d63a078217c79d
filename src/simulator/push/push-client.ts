// A small push-API client for the push tests: raw REST calls with a packaging org's token, so the
// tests see exact statuses and bodies.
import type { RunningSimulator } from '../index';
import { API, api, soql, type TokenReply } from '../test-support';

export interface Subscriber {
  Id: string;
  OrgKey: string;
  OrgStatus: string;
  MetadataPackageVersionId: string;
  HasRestrictionEnabled: boolean;
}
export interface Version {
  Id: string;
  ReleaseState: string;
  IsDeprecated: boolean;
  MajorVersion: number;
  MinorVersion: number;
  PatchVersion: number;
}
export interface SaveResult {
  id?: string;
  success: boolean;
  errors: { statusCode: string; message: string; fields: string[] }[];
}

export class PushClient {
  constructor(
    private readonly sim: RunningSimulator,
    private readonly token: TokenReply,
  ) {}

  call(path: string, init?: Parameters<typeof api>[3]) {
    return api(this.token.instance_url, this.token.access_token, path, init);
  }

  async query<T>(q: string): Promise<T[]> {
    const out: T[] = [];
    let reply = (await this.call(soql(q))).body as { records: T[]; nextRecordsUrl?: string };
    out.push(...reply.records);
    while (reply.nextRecordsUrl) {
      reply = (await this.call(reply.nextRecordsUrl)).body as {
        records: T[];
        nextRecordsUrl?: string;
      };
      out.push(...reply.records);
    }
    return out;
  }

  async versions(): Promise<Version[]> {
    return this.query<Version>(
      'SELECT Id, ReleaseState, IsDeprecated, MajorVersion, MinorVersion, PatchVersion FROM MetadataPackageVersion ORDER BY MajorVersion, MinorVersion, PatchVersion',
    );
  }

  async latestReleased(): Promise<Version> {
    const released = (await this.versions()).filter(
      (v) => v.ReleaseState === 'Released' && !v.IsDeprecated,
    );
    const latest = released[released.length - 1];
    if (!latest) throw new Error('no released version');
    return latest;
  }

  async eligible(target: string, count: number): Promise<string[]> {
    const subs = await this.query<Subscriber>(
      `SELECT OrgKey FROM PackageSubscriber WHERE OrgStatus != 'Inactive' AND HasRestrictionEnabled = false AND MetadataPackageVersionId != '${target}'`,
    );
    return subs.slice(0, count).map((s) => s.OrgKey);
  }

  async createRequest(body: Record<string, unknown>) {
    return this.call(`${API}/sobjects/PackagePushRequest`, { method: 'POST', body });
  }

  async addJobs(requestId: string, keys: string[], allOrNone = false): Promise<SaveResult[]> {
    const records = keys.map((key) => ({
      attributes: { type: 'PackagePushJob' },
      PackagePushRequestId: requestId,
      SubscriberOrganizationKey: key,
    }));
    return (
      await this.call(`${API}/composite/sobjects`, { method: 'POST', body: { allOrNone, records } })
    ).body as SaveResult[];
  }

  setStatus(requestId: string, Status: string) {
    return this.call(`${API}/sobjects/PackagePushRequest/${requestId}`, {
      method: 'PATCH',
      body: { Status },
    });
  }

  async request(id: string): Promise<Record<string, unknown>> {
    return (await this.call(`${API}/sobjects/PackagePushRequest/${id}`)).body as Record<
      string,
      unknown
    >;
  }

  async jobs(requestId: string): Promise<Record<string, string>[]> {
    return this.query(
      `SELECT Id, Status, SubscriberOrganizationKey, StartTime, EndTime, DurationSeconds FROM PackagePushJob WHERE PackagePushRequestId = '${requestId}' ORDER BY Id`,
    );
  }

  /** Creates, fills and activates a push; returns the request id. */
  async startPush(target: string, keys: string[], scheduled?: string): Promise<string> {
    const created = await this.createRequest({
      PackageVersionId: target,
      ...(scheduled ? { ScheduledStartTime: scheduled } : {}),
    });
    const id = (created.body as { id: string }).id;
    const results = await this.addJobs(id, keys);
    if (!results.every((r) => r.success))
      throw new Error(`jobs rejected: ${JSON.stringify(results)}`);
    const activated = await this.setStatus(id, 'Pending');
    if (activated.status !== 204)
      throw new Error(`activation failed: ${JSON.stringify(activated.body)}`);
    return id;
  }

  /** Advances the manual clock until the request is final. */
  async runToEnd(id: string): Promise<Record<string, unknown>> {
    for (let i = 0; i < 200; i++) {
      const request = await this.request(id);
      if (['Succeeded', 'Failed', 'Canceled'].includes(String(request.Status))) return request;
      this.sim.control.advance(3_000);
    }
    throw new Error('push did not finish');
  }
}
