// The load benchmark's database: a fresh PostgreSQL database filled by a full fetch from a
// simulator in its own process, which keeps running afterwards as the Salesforce of the
// Pushboard processes under load (its tokens live in its memory, so the fill's simulator must be
// the one they talk to).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { fetchSteps } from '../../src/server/sync/fetch-job';
import { newFetchRun } from '../../src/server/sync/fetch-run';
import { RecordingContext } from '../../src/server/sync/testing/recording-context';
import { connectSimulatorOrgs, type SimOrgLogin } from '../../src/server/sync/testing/sync-harness';
import { startRemoteSimulator } from './processes';

/** The key connectSimulatorOrgs seals the simulator's tokens with: the processes need the same. */
export const SEED_SECRET_KEY = 's'.repeat(64);

export interface LoadDatabase {
  url: string;
  /** A handle of the benchmark's own (sessions, probes, counts). */
  db: Database;
  simulatorUrl: string;
  simulator: ChildProcess;
  /** Seconds the full fetch took (0 when an existing database was reused). */
  fillSeconds: number;
  close(): Promise<void>;
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * `reuseUrl`: an already filled database (kept at the end; its orgs are connected again to the
 * new simulator). Otherwise `pushboard_load_<random>` on `serverUrl`, dropped at the end.
 */
export async function prepareLoadDatabase(options: {
  serverUrl: string;
  dataset: string;
  reuseUrl?: string | undefined;
}): Promise<LoadDatabase> {
  let url = options.reuseUrl;
  let drop = async () => undefined as unknown;
  if (!url) {
    const name = `pushboard_load_${randomBytes(6).toString('hex')}`;
    await admin(options.serverUrl, `CREATE DATABASE ${name}`);
    const parsed = new URL(options.serverUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    drop = () => admin(options.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const db = await openDatabase({ url, poolSize: 4 });
  const sim = await startRemoteSimulator(options.dataset);
  const close = async () => {
    sim.child.kill('SIGTERM');
    await db.close();
    await drop();
  };
  try {
    await migrate(db);
    const orgs = (await (await fetch(`${sim.url}/__sim/orgs`)).json()) as SimOrgLogin[];
    const { deps } = await connectSimulatorOrgs({ db, url: sim.url, orgs, now: () => new Date() });
    let fillSeconds = 0;
    if (!options.reuseUrl) {
      const run = newFetchRun(deps, true);
      const context = new RecordingContext();
      const start = performance.now();
      for (const step of fetchSteps(deps, true, run)) {
        process.stderr.write(`  fetch: ${step.name}\n`);
        await step.run(context, {});
      }
      if (context.errors.length > 0) throw new Error(context.errorMessages().join('\n'));
      fillSeconds = (performance.now() - start) / 1000;
      // As autovacuum soon leaves a freshly filled database: statistics, and the visibility map
      // and hint bits set, which the first reads of a million rows would otherwise write.
      await db.query('VACUUM ANALYZE');
    }
    return { url, db, simulatorUrl: sim.url, simulator: sim.child, fillSeconds, close };
  } catch (error) {
    await close();
    throw error;
  }
}
