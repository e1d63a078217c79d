// Composition root: config → database → (demo) simulator → HTTP server. The only module that
// may start both the console and the Salesforce simulator.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './server/config';
import { openDatabase } from './server/db/database';
import { migrate } from './server/db/migrate';
import { finishInterruptedBulkLoads } from './server/db/repositories/bulk-load';
import { buildApp, type AppInstance } from './server/http/app';
import { jobDefinitions } from './server/jobs/definitions';
import { createJobEngine } from './server/jobs/engine';
import { deliverWebhook } from './server/services/webhooks/deliver';
import { createJobLogger } from './server/jobs/job-logger';
import { JobRelay } from './server/jobs/job-relay';
import { jobLiveCommands } from './server/jobs/live-commands';
import { LiveRelay } from './server/jobs/live-relay';
import { LiveChannel } from './server/live/live-channel';
import { startMetricsListener, type MetricsListener } from './server/metrics/metrics-listener';
import { ensurePortFree, listenAs, PortInUseError } from './server/port-in-use';
import { buildServices } from './server/services/build-services';
import { registerDemoOrgs } from './server/services/demo-orgs';
import { seedDemoGroups } from './server/services/demo-groups';
import {
  DEMO_FAILURE_RATE,
  demoRolloutFailure,
  withDemoRollout,
  type DemoFailure,
} from './server/services/demo-rollout';
import { endSimulatorSignIns } from './server/services/demo-sign-ins';
import { createSyncJobDefinitions } from './server/sync/definitions';
import { afterSimulatorRestart } from './server/services/upgrades/simulator-restart';
import { upgradeJobDefinitions } from './server/services/upgrades/upgrade-job-definitions';
import { invalidOrgAlert } from './server/sync/invalid-org-alert';
import { resolveSecretKeys } from './server/secrets';
import { importOldConsoleJob } from './server/import/import-job';
import { rekeySecretsJob } from './server/services/secrets/rekey-job';
import { restartSafeIdGap, startSimulator, type RunningSimulator } from './simulator';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The simulator's host in demo mode (startSimulator's default). */
const SIMULATOR_HOST = '127.0.0.1';

/** Demo users the simulator's login page accepts (docs/architecture.md "What runs"). */
const DEMO_USERS = ['admin@pushboard.demo', 'operator@pushboard.demo', 'viewer@pushboard.demo'];

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // A taken port fails in one line now, before the database opens or the simulator starts.
  if (config.ROLE !== 'worker') await ensurePortFree('PORT', config.PORT, config.HOST);
  if (config.demoMode) await ensurePortFree('SIM_PORT', config.SIM_PORT, SIMULATOR_HOST);
  if (config.ROLE === 'worker' && config.METRICS_PORT && config.METRICS_TOKEN) {
    await ensurePortFree('METRICS_PORT', config.METRICS_PORT, config.HOST);
  }
  // SECRET_KEY may list the new key and the previous ones while rotating; the first is current.
  const secretKeys = resolveSecretKeys(config);
  const secretKey = secretKeys[0] ?? '';

  const db = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: join(config.DATA_DIR, 'pglite'),
  });
  await migrate(db);
  // Indexes and foreign keys a fetch killed during its first bulk load left to rebuild.
  await finishInterruptedBulkLoads(db);

  let simulator: RunningSimulator | undefined;
  // The demo rollout's version fails on one edition's orgs (services/demo-rollout.ts).
  const failDemoVersion = (failure: DemoFailure) =>
    simulator?.control.setFailureRules([{ ...failure, rate: DEMO_FAILURE_RATE }]);
  if (config.demoMode) {
    simulator = await listenAs('SIM_PORT', config.SIM_PORT, () =>
      startSimulator({
        port: config.SIM_PORT,
        host: SIMULATOR_HOST,
        pace: config.SIM_PACE,
        dataset: 'demo',
        // The simulator forgets its pushes at a restart; the console keeps their ids.
        recordIdGap: restartSafeIdGap(Date.now()),
      }),
    );
    config = {
      ...config,
      salesforce: {
        clientId: 'pushboard-demo',
        clientSecret: 'demo-secret',
        loginUrl: simulator.url,
      },
      SF_SANDBOX_LOGIN_URL: `${simulator.url}/sandbox`,
    };
  }

  // The engine and the services publish through a relay that reaches the live channel once the
  // HTTP app (or, for a worker, the adapter-only channel) exists; the services queue jobs through
  // a relay that reaches the engine once it exists (its job definitions use the services).
  const live = new LiveRelay();
  const jobStarter = new JobRelay();
  const deps = { config, db, secretKey, secretKeys, webDir: join(ROOT, 'dist', 'web') };
  const services = buildServices({
    ...deps,
    live,
    jobs: jobStarter,
    onOrgInvalid: invalidOrgAlert(live, { db, log: createJobLogger(config.LOG_LEVEL) }),
  });
  if (simulator && services.gateway) {
    const demoOrgs = simulator.orgs.flatMap((org) => {
      const admin = org.users.find((user) => !user.readOnly);
      return admin
        ? [{ kind: org.kind, orgId: org.orgId, username: admin.username, password: admin.password }]
        : [];
    });
    // Every start: the simulator is new, so its orgs get fresh tokens, its sign-ins end and the
    // pushes it forgot are created again (not activated yet) or stopped (running).
    await registerDemoOrgs(
      { db, secrets: services.secrets, gateway: services.gateway, loginUrl: simulator.url },
      demoOrgs,
    );
    await endSimulatorSignIns(db);
    await afterSimulatorRestart(db);
    const lma = demoOrgs.find((org) => org.kind === 'lma');
    if (lma) await seedDemoGroups(db, services.gateway, lma.orgId);
    // The simulator forgets its failure rules: the demo rollout's failure is told again.
    const failure = await demoRolloutFailure(db);
    if (failure) failDemoVersion(failure);
  }

  const definitions = [
    ...jobDefinitions,
    rekeySecretsJob({ db, secrets: services.secrets, live }),
    importOldConsoleJob({ db, secrets: services.secrets }),
  ];
  if (services.gateway) {
    const syncDefinitions = createSyncJobDefinitions({
      db,
      gateway: services.gateway,
      live,
      config,
      instancesUrl: simulator ? `${simulator.url}/status` : config.SF_STATUS_URL,
      now: () => new Date(),
    });
    definitions.push(
      // Demo mode: the first full fetch ends by seeding the demo rollout (it needs the orgs).
      ...(simulator
        ? withDemoRollout(syncDefinitions, { db, ...services }, failDemoVersion)
        : syncDefinitions),
      // The upgrade monitor (Fetch Upgrades) and Refresh; the monitor also finishes scheduling
      // that a crash interrupted, with the scheduler the HTTP app uses.
      ...upgradeJobDefinitions({
        ...services.lifecycle,
        gateway: services.gateway,
        scheduler: services.scheduler,
      }),
    );
  }
  // Jobs before HTTP: the app's live channel takes the engine's commands.
  const jobs = await createJobEngine({
    db,
    live,
    log: createJobLogger(config.LOG_LEVEL),
    definitions,
    role: config.ROLE,
    deliverWebhook: (deliveryId) => deliverWebhook({ db, secrets: services.secrets }, deliveryId),
  });
  jobStarter.attach(jobs);
  let app: AppInstance | undefined;
  let workerLive: LiveChannel | undefined;
  if (config.ROLE !== 'worker') {
    app = await buildApp({ ...deps, services, jobs, liveCommands: jobLiveCommands(jobs) });
    live.attach(app.live);
    const web = app;
    await listenAs('PORT', config.PORT, () => web.listen({ port: config.PORT, host: config.HOST }));
  } else if (db.pool) {
    // A worker serves no HTTP; its job events reach the browsers of the web processes through
    // the live channel's PostgreSQL adapter.
    workerLive = new LiveChannel(createServer(), { db, config });
    live.attach(workerLive);
  }
  // A worker has no HTTP server for /metrics: it answers scrapes on METRICS_PORT when set.
  let metricsListener: MetricsListener | undefined;
  if (!app && config.METRICS_PORT && config.METRICS_TOKEN) {
    const { METRICS_PORT: port, HOST: host, METRICS_TOKEN: token } = config;
    metricsListener = await listenAs('METRICS_PORT', port, () =>
      startMetricsListener({ port, host, token }),
    );
  }
  if (config.ROLE !== 'web') {
    await jobs.startWorker();
    await jobs.startSchedules(config.JOB_SCHEDULES, config.demoMode);
    // Resume at start-up: scheduling a crash cut short is finished (only the missing push jobs
    // are created) and running pushes are read, without waiting for the first monitor slot.
    if (services.gateway) await jobs.start('fetch-upgrades', {}, 'startup');
    // After a SECRET_KEY rotation ('new,previous'), tokens sealed under the previous key are
    // sealed again under the new one; once it reports nothing left, the previous key can go.
    if (secretKeys.length > 1) await jobs.start('rekey-secrets', {}, 'startup');
  }

  const database = db.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  const lines = [
    app
      ? `Pushboard is running at ${config.publicUrl} (database: ${database})`
      : `Pushboard job worker is running (database: ${database})`,
  ];
  if (metricsListener) lines.push(`Metrics: http://${config.HOST}:${metricsListener.port}/metrics`);
  if (simulator) {
    lines.push(
      `Demo mode: Salesforce simulator at ${simulator.url}.`,
      `Sign in with ${DEMO_USERS.join(', ')} (password: demo); the viewer is read-only.`,
    );
  }
  process.stdout.write(lines.join('\n') + '\n');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'shutting down');
    await jobs.stop();
    await app?.close();
    await workerLive?.close();
    await metricsListener?.close();
    await simulator?.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Pushboard failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
