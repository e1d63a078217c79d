// What the sync jobs need from the rest of the server; the composition root builds it once.
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { LivePublisher } from '../live/live-channel';
import type { SalesforceGateway } from '../salesforce/gateway';

export interface SyncDeps {
  db: Database;
  gateway: SalesforceGateway;
  /** Events are published after the writes they announce have committed. */
  live: LivePublisher;
  config: Pick<Config, 'SUMO_URL'>;
  /**
   * Base URL of the Trust API instance list (`<base>/v1/instances`): config.SF_STATUS_URL for real
   * orgs, `<simulator url>/status` in demo mode.
   */
  instancesUrl: string;
  /** Today's date and license expiry are judged by this clock. */
  now: () => Date;
  /** Records per Salesforce page (200–2000, default 2000). */
  pageSize?: number;
}

/** The UTC calendar date of a moment, as licenses' expiration dates are written. */
export function utcDate(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}
