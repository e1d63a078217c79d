import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Invalidation } from '../../domain';
import { createTestQueryClient } from '../testing/renderWithProviders';
import { LIVE_INVALIDATIONS, useLiveInvalidation, type LiveSubscribe } from './live';
import { queryKeys } from './queryKeys';

/** Stands in for the socket: records listeners and lets the test emit server events. */
function fakeChannel() {
  const listeners = new Map<string, Set<(payload: Invalidation) => void>>();
  const subscribe: LiveSubscribe = (event, listener) => {
    const forEvent = listeners.get(event) ?? new Set();
    forEvent.add(listener);
    listeners.set(event, forEvent);
    return () => forEvent.delete(listener);
  };
  const emit = (event: string) => listeners.get(event)?.forEach((listener) => listener({}));
  const count = () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0);
  return { subscribe, emit, count };
}

function setup() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData([...queryKeys.upgrades, { page: 1 }], []);
  queryClient.setQueryData([...queryKeys.upgrade, '7'], {});
  queryClient.setQueryData([...queryKeys.orgs], []);
  queryClient.setQueryData([...queryKeys.adminJobs], {});
  const channel = fakeChannel();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveInvalidation(channel.subscribe), { wrapper });
  const isInvalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { channel, hook, isInvalidated, queryClient };
}

describe('useLiveInvalidation', () => {
  it("marks the upgrade lists and details stale on 'upgrade', and nothing else", () => {
    const { channel, isInvalidated } = setup();

    channel.emit('upgrade');

    expect(isInvalidated([...queryKeys.upgrades, { page: 1 }])).toBe(true);
    expect(isInvalidated([...queryKeys.upgrade, '7'])).toBe(true);
    expect(isInvalidated(queryKeys.orgs)).toBe(false);
    expect(isInvalidated(queryKeys.adminJobs)).toBe(false);
  });

  it.each(['jobs', 'job-queue', 'job-history'])("refreshes the admin jobs on '%s'", (event) => {
    const { channel, isInvalidated } = setup();
    channel.emit(event);
    expect(isInvalidated(queryKeys.adminJobs)).toBe(true);
    expect(isInvalidated([...queryKeys.upgrade, '7'])).toBe(false);
  });

  // Each screen's cache key root, and the events that must refresh it (docs/product.md
  // "Real-time events"; docs/architecture.md "The live channel").
  it.each([
    ['licenses', [...queryKeys.licenses, {}, { page: 1 }]],
    ['licenses', [...queryKeys.license, 'a0L000000000001AAA']],
    ['orgs', [...queryKeys.orgs, {}, { page: 1 }]],
    ['orgs', [...queryKeys.org, '00D000000000001EAA']],
    ['orgs', [...queryKeys.orgs, 'package-customers', '0A3000000000001AAA', {}, { page: 1 }]],
    ['orgs', [...queryKeys.groupMembers, 7, {}, { page: 1 }]],
    ['group-members', [...queryKeys.groupMembers, 7, {}, { page: 1 }]],
    ['group-members', [...queryKeys.orgs, {}, { page: 1 }]],
    ['group-members', [...queryKeys.orgGroup, '7']],
    ['group-members', [...queryKeys.orgGroups, { type: 'All' }]],
    ['groups', [...queryKeys.orgGroups, { type: 'All' }]],
    ['groups', [...queryKeys.orgGroup, '7']],
    ['org-versions', [...queryKeys.orgVersions, '00D000000000001EAA']],
    ['org-versions', [...queryKeys.groupVersions, 7, {}, { page: 1 }]],
    ['group-versions', [...queryKeys.groupVersions, 7, {}, { page: 1 }]],
    ['group-versions', [...queryKeys.orgVersions, '00D000000000001EAA']],
    ['package-orgs', queryKeys.packageOrgs],
    ['package-orgs', [...queryKeys.packageOrg, '00D000000000010EAA']],
  ] as const)("'%s' refreshes %j", (event, key) => {
    const { channel, isInvalidated, queryClient } = setup();
    queryClient.setQueryData(key, []);

    channel.emit(event);

    expect(isInvalidated(key)).toBe(true);
    expect(isInvalidated(queryKeys.adminJobs)).toBe(false);
  });

  it('listens to every list-refreshing event of docs/product.md "Real-time events" and lets go on unmount', () => {
    const { channel, hook } = setup();
    const specEvents = [
      'package-orgs',
      'upgrade',
      'upgrade-items',
      'upgrade-jobs',
      'upgrades',
      'groups',
      'group-members',
      'group-versions',
      'licenses',
      'jobs',
      'job-history',
      'job-queue',
    ];
    expect(Object.keys(LIVE_INVALIDATIONS)).toEqual(expect.arrayContaining(specEvents));
    expect(channel.count()).toBe(Object.keys(LIVE_INVALIDATIONS).length);

    hook.unmount();

    expect(channel.count()).toBe(0);
  });
});
