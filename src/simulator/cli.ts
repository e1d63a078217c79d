// `npm run simulator`: starts the simulator alone and prints each org, its instance URL and users.
// Environment: SIM_PORT (5001), SIM_HOST (127.0.0.1), SIM_PUBLIC_URL, SIM_DATASET (test|demo|scale),
// SIM_SEED, SIM_PACE (instant|fast|realistic|manual), SIM_FAILURE_RATE (0–1), SIM_CLIENT_ID,
// SIM_CLIENT_SECRET, SIM_TOKEN_TTL_SECONDS, SIM_INSTANCE_URLS (path|origin: origin gives each org a
// port of its own, which the sf CLI needs), SIM_LOG=1 (log every request).
import { SIM_PACES, type SimPace } from './push/clock';
import { startSimulator, type SimDataset, type SimulatorOptions } from './index';

const DATASETS: readonly SimDataset[] = ['test', 'demo', 'scale'];

function fail(message: string): never {
  process.stderr.write(`simulator: ${message}\n`);
  process.exit(2);
}

function numberEnv(name: string, check: (n: number) => boolean): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || !check(value)) fail(`${name}=${raw} is not valid`);
  return value;
}

function choiceEnv<T extends string>(name: string, choices: readonly T[]): T | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const found = choices.find((c) => c === raw);
  if (!found) fail(`${name} must be one of ${choices.join(', ')}`);
  return found;
}

function optionsFromEnv(): SimulatorOptions {
  const env = process.env;
  const options: SimulatorOptions = {
    port: numberEnv('SIM_PORT', (n) => Number.isInteger(n) && n >= 0 && n < 65536) ?? 5001,
  };
  const dataset = choiceEnv('SIM_DATASET', DATASETS);
  const pace = choiceEnv<SimPace>('SIM_PACE', SIM_PACES);
  const seed = numberEnv('SIM_SEED', Number.isInteger);
  const failureRate = numberEnv('SIM_FAILURE_RATE', (n) => n >= 0 && n <= 1);
  const ttl = numberEnv('SIM_TOKEN_TTL_SECONDS', (n) => n > 0);
  const instanceUrls = choiceEnv('SIM_INSTANCE_URLS', ['path', 'origin'] as const);
  if (dataset) options.dataset = dataset;
  if (pace) options.pace = pace;
  if (seed !== undefined) options.seed = seed;
  if (failureRate !== undefined) options.failureRate = failureRate;
  if (ttl !== undefined) options.accessTokenTtlSeconds = ttl;
  if (instanceUrls) options.instanceUrls = instanceUrls;
  if (env.SIM_HOST) options.host = env.SIM_HOST;
  if (env.SIM_PUBLIC_URL) options.publicUrl = env.SIM_PUBLIC_URL;
  if (env.SIM_CLIENT_ID) options.clientId = env.SIM_CLIENT_ID;
  if (env.SIM_CLIENT_SECRET) options.clientSecret = env.SIM_CLIENT_SECRET;
  if (env.SIM_LOG === '1') options.log = (line) => process.stdout.write(`${line}\n`);
  return options;
}

/**
 * Another process holds a port: one line naming it and SIM_PORT, exit 1 (not Node's EADDRINUSE
 * stack). With SIM_INSTANCE_URLS=origin the orgs take the ports after SIM_PORT, so the taken one
 * may be one of those.
 */
function exitIfPortInUse(error: unknown, loginPort: number): void {
  const { code, port } = error as { code?: unknown; port?: unknown };
  if (code !== 'EADDRINUSE') return;
  process.stderr.write(
    port === loginPort || typeof port !== 'number'
      ? `SIM_PORT ${loginPort} is already in use: stop the other process or set SIM_PORT to a free port.\n`
      : `Port ${port} (an org's own instance URL, after SIM_PORT ${loginPort}) is already in use: stop the other process or set SIM_PORT so that the ports after it are free.\n`,
  );
  process.exit(1);
}

const options = optionsFromEnv();
const started = Date.now();
const sim = await startSimulator(options).catch((error: unknown) => {
  exitIfPortInUse(error, options.port ?? 5001);
  throw error;
});
const out = (line = ''): boolean => process.stdout.write(`${line}\n`);
out(
  `Salesforce simulator (${options.dataset ?? 'demo'} dataset, ${sim.control.pace()} pace) started in ${Date.now() - started} ms`,
);
out(
  `Login host: ${sim.url}   connected app: ${options.clientId ?? 'pushboard-demo'} / ${options.clientSecret ?? 'demo-secret'}`,
);
out();
for (const org of sim.orgs) {
  out(
    `${org.name} [${org.kind}${org.namespace ? `, namespace ${org.namespace}` : ''}] ${org.orgId}`,
  );
  out(`  instance URL: ${org.instanceUrl}`);
  for (const user of org.users)
    out(`  user: ${user.username} / ${user.password}${user.readOnly ? ' (read only)' : ''}`);
}
out();
out(`Control API: ${sim.url}/__sim/…   Trust instances: ${sim.url}/status/v1/instances`);

const stop = (): void => {
  void sim.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
