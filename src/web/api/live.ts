// The live channel carries invalidations, not data (docs/architecture.md "The live channel"): an
// event says "this changed", and the screens refetch through REST, which stays the source of truth.
// The socket is typed with the domain's map of events, so a listener reads the payload the server
// publishes and a message carries the argument the server expects.
import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientMessageName,
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '../../domain';
import { queryKeys } from './queryKeys';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: LiveSocket | undefined;

/**
 * The shared socket, made on first use so pages without a session never connect. It connects once
 * the page is idle (within half a second): the first screen's code and requests go first, the
 * channel's handshake after. Listeners can be added at once, and messages sent meanwhile wait.
 */
export function getLiveSocket(): LiveSocket {
  if (!socket) {
    // An unset URL means the page's own origin (the dev server proxies /socket.io to the API).
    const created: LiveSocket = io(import.meta.env.VITE_LIVE_URL || undefined, {
      withCredentials: true,
      autoConnect: false,
    });
    const connect = () => {
      if (socket === created) created.connect();
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(connect, { timeout: 500 });
    else setTimeout(connect, 0);
    socket = created;
  }
  return socket;
}

/** Drops the connection, e.g. on sign-out, so the next session handshakes with its own cookie. */
export function closeLiveSocket(): void {
  socket?.disconnect();
  socket = undefined;
}

/**
 * Sends a client message of docs/api.md "The live channel" ('fetch', 'upload-orgs'…); the server
 * answers failures on 'fail'.
 */
export function sendLiveMessage<Name extends ClientMessageName>(
  name: Name,
  ...argument: Parameters<ClientToServerEvents[Name]>
): void {
  getLiveSocket().emit(name, ...argument);
}

/** Listens to one server event with its payload; answers the unsubscribe (tests pass their own). */
export type LiveSubscribe = <Event extends ServerEventName>(
  event: Event,
  listener: (payload: ServerEventPayload<Event>) => void,
) => () => void;

export const subscribeToLiveEvent: LiveSubscribe = (event, listener) => {
  const liveSocket = getLiveSocket();
  // socket.io types a listener through a conditional type that TypeScript cannot resolve for a
  // generic event name; seen as any event of the map, the listener is what it accepts.
  const name: ServerEventName = event;
  const handler = listener as ServerToClientEvents[ServerEventName];
  liveSocket.on(name, handler);
  return () => {
    liveSocket.off(name, handler);
  };
};

/** Which cached queries each server event (docs/product.md "Real-time events") makes stale. */
export const LIVE_INVALIDATIONS: Readonly<Partial<Record<ServerEventName, readonly QueryKey[]>>> = {
  upgrade: [queryKeys.upgrades, queryKeys.upgrade, queryKeys.home],
  upgrades: [queryKeys.upgrades],
  'upgrade-items': [
    queryKeys.upgradeItems,
    queryKeys.upgradeItem,
    queryKeys.upgrade,
    queryKeys.home,
  ],
  // A succeeded push moves its org to the new version in the adoption counts.
  'upgrade-jobs': [
    queryKeys.upgradeJobs,
    queryKeys.upgradeItem,
    queryKeys.upgrade,
    queryKeys.home,
    queryKeys.adoption,
  ],
  licenses: [queryKeys.licenses, queryKeys.license],
  // A group's members are orgs (their status, release and versions come from the org rows).
  orgs: [queryKeys.orgs, queryKeys.org, queryKeys.groupMembers],
  // An org's installed versions are also rows of every group's Versions tab it belongs to…
  'org-versions': [queryKeys.orgVersions, queryKeys.groupVersions],
  groups: [queryKeys.orgGroups, queryKeys.orgGroup],
  // …and a group's member count sits in its detail header.
  'group-members': [
    queryKeys.groupMembers,
    queryKeys.orgGroups,
    queryKeys.orgGroup,
    queryKeys.orgs,
  ],
  // Refreshing a group's versions refreshes its members' installed versions.
  'group-versions': [queryKeys.groupVersions, queryKeys.orgVersions],
  'package-orgs': [queryKeys.packageOrgs, queryKeys.packageOrg, queryKeys.home],
  jobs: [queryKeys.adminJobs, queryKeys.home],
  'job-queue': [queryKeys.adminJobs, queryKeys.home],
  // A fetch ends with new adoption counts, which the home page and a package's Adoption tab show.
  'job-history': [queryKeys.adminJobs, queryKeys.home, queryKeys.adoption],
};

/** Mounted once in the Layout: keeps every cached list in step with the server's events. */
export function useLiveInvalidation(subscribe: LiveSubscribe = subscribeToLiveEvent): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const events = Object.keys(LIVE_INVALIDATIONS) as ServerEventName[];
    const unsubscribers = events.map((event) =>
      subscribe(event, () => {
        const keys = LIVE_INVALIDATIONS[event] ?? [];
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }),
    );
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [queryClient, subscribe]);
}
