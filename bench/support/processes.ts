// Pieces the benchmarks share: a simulator in its own process (Salesforce is remote), fresh
// databases, and what another process uses.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/test-database';

export const MB = 1024 * 1024;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** `npm run simulator` in a child process; resolves once it listens. */
export async function startRemoteSimulator(
  dataset: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/simulator/cli.ts'], {
    cwd: ROOT,
    env: { ...process.env, SIM_PORT: String(port), SIM_DATASET: dataset, SIM_PACE: 'manual' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Login host:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code ?? 'signal'})`)));
  });
  return { url: `http://localhost:${port}`, child };
}

export async function pgliteOnDisk(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'pushboard-bench-'));
  const db = await openDatabase({ dataDir: dir });
  await migrate(db);
  return {
    db,
    url: undefined,
    drop: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function serverDatabase(url: string): Promise<TestDatabase> {
  // createTestDatabase makes (and later drops) a fresh database on the server it is given.
  process.env.TEST_DATABASE_URL = url;
  return createTestDatabase();
}

/** Resident memory of another process (Linux), 0 where /proc is not available. */
export function rssOf(pid: number | undefined): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid ?? 0}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU time of another process in seconds (Linux /proc, clock ticks of 10 ms). */
export function cpuOf(pid: number | undefined): number {
  try {
    const fields =
      readFileSync(`/proc/${pid ?? 0}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * `src/main.ts` in a child process with `env` added to this one's (ROLE, PORT, DATABASE_URL, …);
 * resolves once it says it is running. Its stdout is drained (and its log lines dropped:
 * LOG_LEVEL decides how many there are); stderr goes to this process's.
 */
export async function startPushboard(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4096);
      if (/Pushboard (job worker )?is running/.test(output)) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Pushboard exited (${code ?? 'signal'})`)));
  });
  return child;
}

/** SIGTERM (a clean shutdown), then SIGKILL if it has not exited after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
