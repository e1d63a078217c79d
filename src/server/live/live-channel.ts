// The live channel: socket.io on the HTTP server, handshake authenticated by the session cookie
// and allowed only from the console's own origin, every client message authorized again against
// the session as it is now, broadcasts to every connected tab, and across processes through
// PostgreSQL when available.
import type { Server as HttpServer } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { createAdapter } from '@socket.io/postgres-adapter';
import { closableAdapterPool, type ClosablePool } from './adapter-pool';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type {
  ClientMessageName,
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '../../domain/live-events';
import { READ_ONLY_CLIENT_MESSAGES } from '../../domain/live-events';
import { KEY_PREFIXES, toId18 } from '../../domain/ids';
import { READ_ONLY_MESSAGE } from '../../domain/policy';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { findSession, hashSessionId } from '../db/repositories/sessions';
import { actorOf, SESSION_COOKIE, type Actor } from '../actor';
import { trackLiveClient } from '../metrics/registry';
import { consoleOrigin, originAllowed } from './handshake-origin';

/** What the rest of the server uses: publish after the database commit. */
export interface LivePublisher {
  publish<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
}

/** Handlers of client messages (the job engine provides them). */
export type LiveCommands = {
  [M in ClientMessageName]?: (actor: Actor, argument: unknown) => Promise<void>;
};

const ORG_ID = z.string().transform((value, ctx) => {
  const id = toId18(value, KEY_PREFIXES.organization);
  if (id === null) ctx.addIssue({ code: 'custom', message: 'must be an org id' });
  return id ?? z.NEVER;
});
const GROUP_ID = z.coerce.number().int().positive();
const argumentSchemas: Record<ClientMessageName, z.ZodType | undefined> = {
  fetch: undefined,
  'fetch-all': undefined,
  'fetch-upgrades': undefined,
  'upload-orgs': undefined,
  'refresh-org-versions': ORG_ID,
  'refresh-group-versions': GROUP_ID,
};

type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** Each socket joins the room of its session's hash, so a sign-out can find it in any process. */
const sessionRoom = (idHash: string) => `session:${idHash}`;

export class LiveChannel implements LivePublisher {
  readonly io: Server<ClientToServerEvents, ServerToClientEvents>;
  private readonly adapterPool: ClosablePool | undefined;

  constructor(
    httpServer: HttpServer,
    private readonly deps: {
      db: Database;
      /**
       * PUBLIC_URL: a handshake must come from its origin. SESSION_MAX_HOURS: a session older than
       * that is refused at the handshake and at every message (the idle timeout is the session's
       * expires_at, which the HTTP side slides).
       */
      config: Pick<Config, 'publicUrl' | 'SESSION_MAX_HOURS'>;
      commands?: LiveCommands;
      log?: (msg: string, err?: unknown) => void;
    },
  ) {
    const allowedOrigin = consoleOrigin(deps.config.publicUrl);
    this.io = new Server(httpServer, {
      serveClient: false,
      cors: undefined,
      // Engine.IO asks this for each new connection (the handshake, before any session id exists):
      // a refusal answers 403 and no socket is made. Later requests carry the session id that
      // only the accepted handshake's reader knows.
      allowRequest: (request, callback) => {
        const allowed = originAllowed(request.headers.origin, allowedOrigin);
        callback(allowed ? null : 'Cross-site connections are not allowed.', allowed);
      },
    });
    if (deps.db.pool) {
      this.adapterPool = closableAdapterPool(deps.db.pool);
      this.io.adapter(createAdapter(this.adapterPool.pool));
    }
    this.io.use((socket, next) => {
      void this.authenticate(socket).then(
        (actor) => (actor ? next() : next(new Error('unauthorized'))),
        () => next(new Error('unauthorized')),
      );
    });
    this.io.on('connection', (socket) => {
      trackLiveClient(socket);
      this.listen(socket);
    });
  }

  publish<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    // Typed per event; socket.io's emit cannot narrow the generic spread.
    (this.io.emit as (event: string, payload: unknown) => boolean)(event, payload);
  }

  /**
   * Disconnects the sockets of ended sessions (sign-out, logout everywhere), in this process and,
   * through the PostgreSQL adapter, in every other web process.
   */
  disconnectSessions(idHashes: readonly string[]): void {
    if (idHashes.length === 0) return;
    this.io.in(idHashes.map(sessionRoom)).disconnectSockets(true);
  }

  /** Connections the cross-process adapter holds (its own pool), for tests and diagnostics. */
  adapterConnections(): number {
    return this.adapterPool?.pool.totalCount ?? 0;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => void this.io.close(() => resolve()));
    await this.adapterPool?.close();
  }

  private async authenticate(socket: LiveSocket): Promise<Actor | undefined> {
    const id = fastifyCookie.parse(socket.request.headers.cookie ?? '')[SESSION_COOKIE];
    const session = id
      ? await findSession(this.deps.db, id, this.deps.config.SESSION_MAX_HOURS)
      : undefined;
    if (!session) return undefined;
    (socket.data as { sessionId?: string }).sessionId = id;
    return actorOf(session);
  }

  private listen(socket: LiveSocket): void {
    const sessionId = (socket.data as { sessionId?: string }).sessionId;
    if (sessionId) void socket.join(sessionRoom(hashSessionId(sessionId)));
    for (const name of Object.keys(argumentSchemas) as ClientMessageName[]) {
      socket.on(name, (argument?: unknown) => {
        void this.handle(socket, name, argument).catch((error: unknown) => {
          this.deps.log?.(`live message ${name} failed`, error);
          socket.emit('fail', { subject: 'Fail', message: (error as Error).message });
        });
      });
    }
  }

  /** Authorizes a client message exactly like an HTTP change, then runs its command. */
  private async handle(
    socket: LiveSocket,
    name: ClientMessageName,
    argument: unknown,
  ): Promise<void> {
    // The session may have ended since the handshake (logout, idle or absolute timeout) or turned
    // read-only: look it up again, as HTTP does for each request.
    const actor = await this.authenticate(socket);
    if (!actor) {
      socket.emit('fail', { subject: 'Unauthorized', message: 'Please sign in.' });
      socket.disconnect(true);
      return;
    }
    if (actor.readOnly && !READ_ONLY_CLIENT_MESSAGES.includes(name)) {
      socket.emit('fail', { subject: 'Forbidden', message: READ_ONLY_MESSAGE });
      return;
    }
    const schema = argumentSchemas[name];
    const parsed = schema
      ? schema.safeParse(argument)
      : { success: true as const, data: undefined };
    if (!parsed.success) {
      socket.emit('fail', {
        subject: 'Invalid Request',
        message: `${name}: ${parsed.error.issues[0]?.message ?? 'invalid argument'}`,
      });
      return;
    }
    const command = this.deps.commands?.[name];
    if (!command) {
      socket.emit('fail', {
        subject: 'Unavailable',
        message: `${name} is not available on this server.`,
      });
      return;
    }
    await command(actor, parsed.data);
  }
}
