// The types of the HTTP app that every module of the http layer works with: what buildApp is
// given (AppDeps) and the Fastify instance it answers (AppInstance). They live apart from app.ts,
// which imports every route module, so that route modules can name them without importing app.ts
// back: the import graph has no circle, not even one of types (architecture.test.ts).
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { JobEngine } from '../jobs/engine';
import type { LiveChannel, LiveCommands } from '../live/live-channel';
import type { PrebuiltParts, Services } from '../services/build-services';

export interface AppDeps {
  config: Config;
  db: Database;
  /** SECRET_KEY (or the demo key): token encryption and session signing. */
  secretKey: string;
  /** Every SECRET_KEY, current (= secretKey) first, while rotating; omitted: only secretKey. */
  secretKeys?: readonly string[];
  /** Folder of the built web app (dist/web); without it pages answer 503 "not built". */
  webDir?: string;
  /** The services, built once by the composition root; omitted, buildApp builds its own. */
  services?: Services;
  /** When buildApp builds the services: parts to use instead of new ones (a test's gateway). */
  prebuilt?: PrebuiltParts;
  /** Handlers for the live channel's client messages (background jobs). */
  liveCommands?: LiveCommands;
  /** The background job engine (Admin page: list and cancel). */
  jobs?: JobEngine;
}

/** Every route as registered, for the tests that check each has its schemas. */
export interface RouteRecord {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
> & { deps: AppDeps; services: Services; live: LiveChannel; routeTable: RouteRecord[] };
