import { describe, expect, it } from 'vitest';
import {
  describeLeftOut,
  groupLeftOut,
  LEFT_OUT_LABELS,
  leftOutDetail,
  type LeftOutReason,
} from './left-out';

const core = 'Relay Core';
const billing = 'Relay Billing';

describe('describeLeftOut: the Blacklist tab sentence of one org', () => {
  it.each<[LeftOutReason[], string]>([
    [[{ kind: 'not-whitelisted' }], 'Not whitelisted (ALLOWED_ORGS or a Whitelist Group)'],
    [
      [
        { kind: 'blacklisted', group: 'Denied', viaOrgId: null },
        { kind: 'denied', viaOrgId: '00D000000000001AAA' },
      ],
      "Blacklisted: Blacklist Group 'Denied', same account as 00D000000000001AAA (DENIED_ORGS)",
    ],
    [
      [
        { kind: 'not-installed', packageName: core },
        { kind: 'license', packageName: billing, licenseStatus: 'Expired' },
      ],
      'Relay Core is not installed; Relay Billing: license Expired cannot be upgraded',
    ],
    [
      [{ kind: 'latest-limited', packageName: core, versionNumber: '2.1' }],
      'Relay Core: already on the latest limited version 2.1',
    ],
    [
      [{ kind: 'already-current', packageName: core, versionNumber: '3.0' }],
      'Relay Core: installed version 3.0 is not older than the selected version(s)',
    ],
    [[], 'Not eligible'],
  ])('%j → %s', (reasons, text) => {
    expect(describeLeftOut(reasons)).toBe(text);
  });
});

describe('groupLeftOut: one preview line per kind of reason', () => {
  const orgs = [
    {
      org_id: 'A',
      reasons: [
        { kind: 'not-installed', packageName: core },
        { kind: 'not-installed', packageName: billing },
      ],
    },
    {
      org_id: 'B',
      reasons: [
        { kind: 'not-installed', packageName: core },
        { kind: 'already-current', packageName: billing, versionNumber: '2.0' },
      ],
    },
    { org_id: 'C', reasons: [{ kind: 'denied', viaOrgId: null }] },
  ] satisfies { org_id: string; reasons: LeftOutReason[] }[];

  it('counts each org once per kind, most orgs first, and lists them with their detail', () => {
    expect(groupLeftOut(orgs)).toEqual([
      {
        kind: 'not-installed',
        label: LEFT_OUT_LABELS['not-installed'],
        count: 2,
        orgs: [
          { org_id: 'A', detail: 'Relay Core, Relay Billing' },
          { org_id: 'B', detail: 'Relay Core' },
        ],
      },
      {
        kind: 'denied',
        label: 'Denied by DENIED_ORGS',
        count: 1,
        orgs: [{ org_id: 'C', detail: 'DENIED_ORGS' }],
      },
      {
        kind: 'already-current',
        label: 'Already on the selected version or newer',
        count: 1,
        orgs: [{ org_id: 'B', detail: 'Relay Billing 2.0' }],
      },
    ]);
  });

  it('caps the orgs listed per line but keeps the whole count', () => {
    const [line] = groupLeftOut(orgs, 1);
    expect(line).toMatchObject({ kind: 'not-installed', count: 2 });
    expect(line!.orgs).toHaveLength(1);
  });

  it('words every kind', () => {
    expect(leftOutDetail({ kind: 'license', packageName: core, licenseStatus: null })).toBe(
      'Relay Core: license unknown',
    );
    expect(leftOutDetail({ kind: 'blacklisted', group: 'Pilots', viaOrgId: 'X' })).toBe(
      "same account as X (Blacklist Group 'Pilots')",
    );
  });
});

describe('a maintenance hold', () => {
  it('names the instance, the window and its span in UTC', () => {
    const reason = {
      kind: 'maintenance' as const,
      instance: 'CS42',
      window: 'Spring release',
      start: '2026-11-28T20:00:00.000Z',
      end: '2026-11-29T02:30:00.000Z',
    };
    expect(leftOutDetail(reason)).toBe(
      'CS42: Spring release, 2026-11-28 20:00 to 2026-11-29 02:30 UTC',
    );
    expect(describeLeftOut([reason])).toBe(
      'Instance CS42: Spring release, 2026-11-28 20:00 to 2026-11-29 02:30 UTC; not pushed during Salesforce maintenance',
    );
    const [line] = groupLeftOut([{ org_id: '00D000000000001AAA', reasons: [reason] }]);
    expect(line).toMatchObject({ kind: 'maintenance', count: 1 });
  });
});
