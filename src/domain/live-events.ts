// The typed map of the live channel (docs/product.md "Real-time events"). Events carry
// invalidations, not data: the browser refetches what changed, so REST stays the source of truth.
import type { OrgImportSummary } from './api/org-group-changes';

/** Which records changed; absent ids mean "anything of that kind may have changed". */
export interface Invalidation {
  ids?: (string | number)[];
  /** The client's correlation token of the request that caused it. */
  transid?: string;
}

export interface AlertPayload {
  subject: string;
  message: string;
  /** For ALERT_INVALID_ORG / ALERT_PREAUTH_ORG: the connected org concerned (never tokens). */
  org?: { org_id: string; name: string; instance_url: string; type: string };
  /** The failed request's transid: the tab that sent it shows the answer and skips this echo. */
  transid?: string;
}

export interface ServerToClientEvents {
  fail: (payload: AlertPayload) => void;
  alert: (payload: AlertPayload) => void;
  ALERT_INVALID_ORG: (payload: AlertPayload) => void;
  ALERT_PREAUTH_ORG: (payload: AlertPayload) => void;
  /** `by`: the user whose action changed it (absent for the monitor's progress). */
  upgrade: (payload: Invalidation & { message?: string; by?: string }) => void;
  upgrades: (payload: Invalidation) => void;
  'upgrade-items': (payload: Invalidation) => void;
  'upgrade-jobs': (payload: Invalidation) => void;
  'upgrade-blacklist': (payload: Invalidation) => void;
  /** After an org import: its transid and the summary (api/org-group-changes.ts). */
  orgs: (payload: Invalidation & { imported?: OrgImportSummary }) => void;
  'org-versions': (payload: Invalidation) => void;
  groups: (payload: Invalidation) => void;
  'group-members': (payload: Invalidation) => void;
  'group-versions': (payload: Invalidation) => void;
  licenses: (payload: Invalidation) => void;
  'package-orgs': (payload: Invalidation) => void;
  jobs: (payload: Invalidation) => void;
  'job-queue': (payload: Invalidation) => void;
  'job-history': (payload: Invalidation) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Messages the browser sends; the server authorizes each like an HTTP call. */
export interface ClientToServerEvents {
  fetch: () => void;
  'fetch-all': () => void;
  'fetch-upgrades': () => void;
  'upload-orgs': () => void;
  'refresh-org-versions': (orgId: string) => void;
  'refresh-group-versions': (groupId: number | string) => void;
}

export type ClientMessageName = keyof ClientToServerEvents;

/** Every client message by name: the type makes this list complete, so checks can cover them all. */
const CLIENT_MESSAGE_NAMES: Record<ClientMessageName, true> = {
  fetch: true,
  'fetch-all': true,
  'fetch-upgrades': true,
  'upload-orgs': true,
  'refresh-org-versions': true,
  'refresh-group-versions': true,
};
export const CLIENT_MESSAGES = Object.keys(CLIENT_MESSAGE_NAMES) as ClientMessageName[];

/** Client messages a read-only user may send (refreshing versions only reads Salesforce). */
export const READ_ONLY_CLIENT_MESSAGES: readonly ClientMessageName[] = [
  'refresh-org-versions',
  'refresh-group-versions',
];
