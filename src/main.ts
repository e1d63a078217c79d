// Composition root: config → database → (demo) simulator → HTTP server. The only module that
// may start both the console and the Salesforce simulator.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './server/config';
import { openDatabase } from './server/db/database';
import { migrate } from './server/db/migrate';
import { buildApp, buildServices } from './server/http/app';
import { registerDemoOrgs } from './server/services/demo-orgs';
import { resolveSecretKey } from './server/secrets';
import { startSimulator, type RunningSimulator } from './simulator';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Demo users the simulator's login page accepts (docs/architecture §1). */
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
  const secretKey = resolveSecretKey(config);

  const db = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: join(config.DATA_DIR, 'pglite'),
  });
  await migrate(db);

  let simulator: RunningSimulator | undefined;
  if (config.demoMode) {
    simulator = await startSimulator({
      port: config.SIM_PORT,
      pace: config.SIM_PACE,
      dataset: 'demo',
    });
    config = {
      ...config,
      salesforce: {
        clientId: 'pushboard-demo',
        clientSecret: 'demo-secret',
        loginUrl: simulator.url,
      },
    };
  }

  const deps = { config, db, secretKey, webDir: join(ROOT, 'dist', 'web') };
  const services = buildServices(deps);
  if (simulator && services.gateway) {
    const demoOrgs = simulator.orgs.flatMap((org) => {
      const admin = org.users.find((user) => !user.readOnly);
      return admin
        ? [{ kind: org.kind, orgId: org.orgId, username: admin.username, password: admin.password }]
        : [];
    });
    await registerDemoOrgs(
      { db, secrets: services.secrets, gateway: services.gateway, loginUrl: simulator.url },
      demoOrgs,
    );
  }

  const app = await buildApp({ ...deps, services });
  await app.listen({ port: config.PORT, host: config.HOST });

  const lines = [
    `Pushboard is running at ${config.publicUrl} (database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'})`,
  ];
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
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await simulator?.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Pushboard failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
