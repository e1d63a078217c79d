// The live-channel side of the load benchmark: many socket.io clients (each a signed-in tab)
// spread over the web processes, counting disconnects, and a probe that times one event from the
// change that caused it to its arrival at the last of them.
import { io as connect, type Socket } from 'socket.io-client';

export interface LiveClients {
  readonly count: number;
  /** Disconnects and connection errors after every client had connected. */
  readonly drops: string[];
  /**
   * Waits for a `groups` event naming `groupId` at every client: `arrived` resolves with the time
   * (performance.now()) the last one got it, or rejects `timeoutMs` after `deadline()` (called
   * once the change has answered) saying how many got it. Call before the change.
   */
  expectGroups(
    groupId: number,
    timeoutMs: number,
  ): { arrived: Promise<number>; deadline: () => void };
  close(): void;
}

const CONNECT_BATCH = 20;

/** Connects `cookies.length` clients, client i to `targets[i % targets.length]` with cookie i. */
export async function connectLiveClients(
  targets: readonly string[],
  cookies: readonly string[],
): Promise<LiveClients> {
  const sockets: Socket[] = [];
  const drops: string[] = [];
  let ready = false;
  /** The probe of the change under way: which clients have received its event. */
  let probe: { groupId: number; seen: Set<number>; onAll: (at: number) => void } | undefined;

  const open = (index: number) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(targets[index % targets.length], {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { cookie: cookies[index]! },
      });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) =>
        reject(new Error(`client ${index}: ${error.message}`)),
      );
      socket.on('disconnect', (reason) => {
        if (ready) drops.push(`client ${index} disconnected: ${reason}`);
      });
      socket.on('groups', (payload: { ids?: (string | number)[] }) => {
        const at = performance.now();
        const current = probe;
        if (!current || !payload.ids?.map(Number).includes(current.groupId)) return;
        current.seen.add(index);
        if (current.seen.size === cookies.length) current.onAll(at);
      });
    });

  for (let first = 0; first < cookies.length; first += CONNECT_BATCH) {
    const batch = cookies.slice(first, first + CONNECT_BATCH).map((_, i) => open(first + i));
    sockets.push(...(await Promise.all(batch)));
  }
  ready = true;

  return {
    count: sockets.length,
    drops,
    expectGroups(groupId, timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      let fail: (error: Error) => void = () => undefined;
      const seen = new Set<number>();
      const arrived = new Promise<number>((resolve, reject) => {
        fail = reject;
        probe = {
          groupId,
          seen,
          onAll: (at) => {
            clearTimeout(timer);
            probe = undefined;
            resolve(at);
          },
        };
      });
      const deadline = () => {
        timer = setTimeout(() => {
          probe = undefined;
          fail(
            new Error(`groups event ${groupId}: ${seen.size} of ${cookies.length} clients got it`),
          );
        }, timeoutMs);
      };
      return { arrived, deadline };
    },
    close() {
      ready = false;
      for (const socket of sockets) socket.close();
    },
  };
}
