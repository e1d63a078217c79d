// Why scheduling leaves an org out of an upgrade (docs/product.md "Org blacklist",
// "Package version and license statuses" and "Eligibility: who gets a push job"): one typed reason
// per cause, so the Schedule Upgrade preview counts orgs per kind and the upgrade's Blacklist tab
// words them, without reading sentences back.
import { CANNOT_BE_UPGRADED } from './eligibility';

/** The kinds of reasons, in the order the preview lists lines of equal count. */
export const LEFT_OUT_KINDS = [
  'not-whitelisted',
  'blacklisted',
  'denied',
  'not-installed',
  'license',
  'latest-limited',
  'already-current',
  'maintenance',
  'not-in-wave',
] as const;

export type LeftOutKind = (typeof LEFT_OUT_KINDS)[number];

/** One reason an org gets no push job; per-package reasons name the package. */
export type LeftOutReason =
  | { readonly kind: 'not-whitelisted' }
  /** In a Blacklist Group, or (EXPAND_BLACKLIST) an org of the same account is. */
  | { readonly kind: 'blacklisted'; readonly group: string; readonly viaOrgId: string | null }
  /** Listed in DENIED_ORGS, or (EXPAND_BLACKLIST) an org of the same account is. */
  | { readonly kind: 'denied'; readonly viaOrgId: string | null }
  | { readonly kind: 'not-installed'; readonly packageName: string }
  | {
      readonly kind: 'license';
      readonly packageName: string;
      readonly licenseStatus: string | null;
    }
  | {
      readonly kind: 'latest-limited';
      readonly packageName: string;
      readonly versionNumber: string | null;
    }
  /** The installed version is not older than any selected version. */
  | {
      readonly kind: 'already-current';
      readonly packageName: string;
      readonly versionNumber: string | null;
    }
  /** The org's instance has a Salesforce maintenance window overlapping the push's start. */
  | {
      readonly kind: 'maintenance';
      readonly instance: string;
      readonly window: string | null;
      /** ISO instants of the window. */
      readonly start: string;
      readonly end: string;
    }
  /** Eligible, but no wave of the rollout plan takes it (docs/product.md "Staged rollouts"). */
  | { readonly kind: 'not-in-wave' };

/** The line the preview shows per kind. */
export const LEFT_OUT_LABELS: Readonly<Record<LeftOutKind, string>> = {
  'not-whitelisted': 'Not whitelisted (ALLOWED_ORGS or a Whitelist Group)',
  blacklisted: 'Blacklisted (a Blacklist Group)',
  denied: 'Denied by DENIED_ORGS',
  'not-installed': 'Package not installed',
  license: `License ${CANNOT_BE_UPGRADED}`,
  'latest-limited': 'On the latest limited version',
  'already-current': 'Already on the selected version or newer',
  maintenance: 'Instance in a Salesforce maintenance window at the start',
  'not-in-wave': 'No wave of the rollout plan takes it',
};

/** '2026-11-28 20:00' in UTC: maintenance windows are announced in UTC. */
const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

const sameAccount = (viaOrgId: string | null, source: string) =>
  viaOrgId ? `same account as ${viaOrgId} (${source})` : source;

/** What one reason says about one org, as its row in a preview line reads. */
export function leftOutDetail(reason: LeftOutReason): string {
  switch (reason.kind) {
    case 'not-whitelisted':
      return LEFT_OUT_LABELS['not-whitelisted'];
    case 'blacklisted':
      return sameAccount(reason.viaOrgId, `Blacklist Group '${reason.group}'`);
    case 'denied':
      return sameAccount(reason.viaOrgId, 'DENIED_ORGS');
    case 'not-installed':
      return reason.packageName;
    case 'license':
      return `${reason.packageName}: license ${reason.licenseStatus ?? 'unknown'}`;
    case 'latest-limited':
    case 'already-current':
      return `${reason.packageName} ${reason.versionNumber ?? '?'}`.trim();
    case 'maintenance':
      return `${reason.instance}: ${reason.window ?? 'maintenance'}, ${utcMinute(reason.start)} to ${utcMinute(reason.end)} UTC`;
    case 'not-in-wave':
      return LEFT_OUT_LABELS['not-in-wave'];
  }
}

const isBlacklist = (reason: LeftOutReason) =>
  reason.kind === 'blacklisted' || reason.kind === 'denied';

/** One reason in a sentence, as the upgrade's Blacklist tab reads it. */
function sentence(reason: LeftOutReason): string {
  switch (reason.kind) {
    case 'not-installed':
      return `${reason.packageName} is not installed`;
    case 'license':
      return `${reason.packageName}: license ${reason.licenseStatus ?? 'unknown'} ${CANNOT_BE_UPGRADED}`;
    case 'latest-limited':
      return `${reason.packageName}: already on the latest limited version ${reason.versionNumber ?? ''}`.trim();
    case 'already-current':
      return `${reason.packageName}: installed version ${reason.versionNumber ?? '?'} is not older than the selected version(s)`;
    case 'maintenance':
      return `Instance ${leftOutDetail(reason)}; not pushed during Salesforce maintenance`;
    default:
      return leftOutDetail(reason);
  }
}

/**
 * Every reason of one org in one text, as stored on the upgrade's Blacklist tab: the blacklist
 * sources together after 'Blacklisted:', then the other reasons, separated by '; '.
 */
export function describeLeftOut(reasons: readonly LeftOutReason[]): string {
  const blacklist = reasons.filter(isBlacklist).map(leftOutDetail);
  const rest = reasons.filter((reason) => !isBlacklist(reason)).map(sentence);
  const parts = [
    ...(blacklist.length > 0 ? [`Blacklisted: ${blacklist.join(', ')}`] : []),
    ...rest,
  ];
  return parts.join('; ') || 'Not eligible';
}

/** Two reasons are the same when every field is (an org carries each reason once). */
export function sameLeftOutReason(a: LeftOutReason, b: LeftOutReason): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** One line of the preview: a kind, how many orgs it covers, and which. */
export interface LeftOutLine<Org> {
  readonly kind: LeftOutKind;
  readonly label: string;
  /** Orgs with at least one reason of this kind. */
  readonly count: number;
  readonly orgs: readonly (Org & { readonly detail: string })[];
}

/**
 * Groups left-out orgs into one line per kind of reason, most orgs first: an org with reasons
 * of two kinds is in both lines; its detail joins its reasons of that kind ('Relay Core, Relay
 * Billing'). `limit` caps the orgs listed per line (the count stays whole).
 */
export function groupLeftOut<Org extends { readonly reasons: readonly LeftOutReason[] }>(
  leftOut: readonly Org[],
  limit = Number.POSITIVE_INFINITY,
): LeftOutLine<Omit<Org, 'reasons'>>[] {
  const lines = new Map<
    LeftOutKind,
    { count: number; orgs: (Omit<Org, 'reasons'> & { detail: string })[] }
  >();
  for (const { reasons, ...org } of leftOut) {
    for (const kind of LEFT_OUT_KINDS) {
      const ofKind = reasons.filter((reason) => reason.kind === kind);
      if (ofKind.length === 0) continue;
      const line = lines.get(kind) ?? { count: 0, orgs: [] };
      line.count++;
      if (line.orgs.length < limit)
        line.orgs.push({ ...org, detail: ofKind.map(leftOutDetail).join(', ') });
      lines.set(kind, line);
    }
  }
  return [...lines]
    .map(([kind, line]) => ({ kind, label: LEFT_OUT_LABELS[kind], ...line }))
    .sort(
      (a, b) =>
        b.count - a.count || LEFT_OUT_KINDS.indexOf(a.kind) - LEFT_OUT_KINDS.indexOf(b.kind),
    );
}
