// Everything a running simulator holds, wired together once: the dataset's org family, the clock,
// the push engine, OAuth state, query cursors, fault injection and API usage.
import { LoginSessions } from './auth/sessions';
import { IngestJobs } from './bulk/ingest-jobs';
import { QueryJobs } from './bulk/query-jobs';
import { IdSpace } from './data/ids';
import { KEY_PREFIX } from './data/prefixes';
import { TokenStore } from './auth/tokens';
import { buildDataset, type Dataset } from './data/build';
import type { SimDataset } from './data/datasets';
import { DAY_MS } from './data/time';
import { FaultInjector, type FaultSettings } from './faults';
import { MaintenanceCalendar } from './data/maintenances';
import { SimClock, type SimPace } from './push/clock';
import { PushDirectory } from './push/directory';
import { PushEngine } from './push/engine';
import { pushRules } from './push/rules';
import { CursorStore } from './store/cursors';
import type { OrgFamily, SimOrg, SimUser } from './store/family';
import { ApiUsage } from './store/usage';
import { RecordWriter } from './store/writes';

export interface RuntimeConfig {
  publicUrl: string;
  /**
   * Origin-style instance URLs by org id (each org on a port of its own), set when the simulator
   * runs with instanceUrls: 'origin'; orgs without one use <publicUrl>/org/<orgId>.
   */
  readonly orgOrigins: Map<string, string>;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly seed: number;
  readonly log: (line: string) => void;
}

export interface RuntimeOptions {
  readonly dataset: SimDataset;
  readonly seed: number;
  readonly pace: SimPace;
  readonly failureRate: number;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly accessTokenTtlSeconds: number;
  readonly faults: FaultSettings | undefined;
  readonly log: (line: string) => void;
  /** Id counters records created while running skip ahead by (0: none); see restartSafeIdGap. */
  readonly recordIdGap: number;
}

/** Daily API allocations: a Developer Edition packaging org has 15 000; the LMA is a large business org. */
const LMA_DAILY_API_REQUESTS = 250_000;
const PACKAGING_DAILY_API_REQUESTS = 15_000;

export class SimRuntime {
  readonly config: RuntimeConfig;
  readonly dataset: Dataset;
  readonly family: OrgFamily;
  readonly clock: SimClock;
  readonly engine: PushEngine;
  readonly directory: PushDirectory;
  readonly writer: RecordWriter;
  readonly tokens: TokenStore;
  readonly sessions = new LoginSessions();
  readonly cursors: CursorStore;
  readonly faults: FaultInjector;
  readonly usage: ApiUsage;
  readonly ingestJobs: IngestJobs;
  readonly queryJobs: QueryJobs;
  readonly maintenances: MaintenanceCalendar;

  constructor(options: RuntimeOptions) {
    this.clock = new SimClock(options.pace);
    const now = (): number => this.clock.now();
    // Generated history ends at the start of today (UTC), so the demo always looks recent.
    const epochMs = Math.floor(this.clock.now() / DAY_MS) * DAY_MS;
    this.dataset = buildDataset(options.dataset, options.seed, epochMs);
    this.family = this.dataset.family;
    if (options.recordIdGap > 0) {
      for (const org of this.family.all()) {
        for (const table of org.store.allTables()) table.skipIdsAhead(options.recordIdGap);
      }
    }
    this.config = {
      publicUrl: '',
      orgOrigins: new Map(),
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      seed: options.seed,
      log: options.log,
    };
    this.engine = new PushEngine(this.clock, options.seed, options.failureRate);
    this.directory = new PushDirectory(this.dataset);
    this.writer = new RecordWriter(pushRules(this.directory, this.engine));
    this.tokens = new TokenStore(now, options.accessTokenTtlSeconds * 1000);
    this.cursors = new CursorStore(now);
    const bulkJobIds = new IdSpace(KEY_PREFIX.BulkJob, 'D0', 3_000_000);
    let bulkJobs = 0;
    const nextBulkJobId = (): string => bulkJobIds.id18(bulkJobs++);
    this.ingestJobs = new IngestJobs(now, nextBulkJobId);
    this.queryJobs = new QueryJobs(now, nextBulkJobId);
    this.maintenances = new MaintenanceCalendar(this.clock.now());
    this.faults = new FaultInjector(options.seed, (selector) => this.family.select(selector)?.id15);
    this.faults.configure(options.faults);
    this.usage = new ApiUsage(now, (orgId15) =>
      orgId15 === this.family.lma.id15 ? LMA_DAILY_API_REQUESTS : PACKAGING_DAILY_API_REQUESTS,
    );
  }

  instanceUrl(org: SimOrg): string {
    return this.config.orgOrigins.get(org.id) ?? `${this.config.publicUrl}/org/${org.id}`;
  }

  /** The identity URL, on the login host as Salesforce issues it. */
  identityUrl(user: SimUser): string {
    const org = this.orgOf(user);
    return `${this.config.publicUrl}/id/${org.id}/${user.id}`;
  }

  orgOf(user: SimUser): SimOrg {
    const org = this.family.org(user.orgId);
    if (!org) throw new Error(`user ${user.username} has no org`);
    return org;
  }
}
