// Starts Pushboard exactly as `npm start` does (scripts/start.mjs) on free ports with a fresh
// DATA_DIR (empty, or a copy of a kept one), for the tests that use the product from outside: the
// browser tests, the black-box security suite and the process tests. Also signs in over plain HTTP through the
// simulator's login page.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningConsole {
  url: string;
  simulatorUrl: string;
  dataDir: string;
  output: () => string;
  /** The exit code once it ended (0 after a clean stop), null while it runs or when killed. */
  exitCode: () => number | null;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  /**
   * An existing DATA_DIR to start on (e.g. one a previous run left data in). The caller owns it:
   * stop() leaves it in place.
   */
  dataDir?: string;
  /** Keep the fresh DATA_DIR on stop() so a later start can reuse it; the caller removes it. */
  keepDataDir?: boolean;
  /**
   * A DATA_DIR a stopped console left (e.g. the demo template, demo-template.ts) to copy into
   * the fresh one: the console starts on that data, a restart.
   */
  copyOf?: string;
  /** Writes into the fresh DATA_DIR (after the copy) before the console starts, e.g. rows. */
  prepare?: (dataDir: string) => Promise<void>;
}

/** The line the console writes once it listens (src/main.ts). */
const READY = /^Pushboard (is|job worker is) running/m;

/** How often a start whose ports another process took first is tried again on fresh ones. */
const PORT_ATTEMPTS = 3;

/** The console's one line when a port it was given is taken (src/server/port-in-use.ts). */
const PORT_TAKEN = /^(PORT|SIM_PORT) \d+ is already in use/m;

export async function startConsole(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningConsole> {
  // freePort() answers a port nobody holds at that moment: another process starting at the same
  // time (several files start their consoles together once the demo template is ready) may take
  // it before the console binds it. Then the console says so and exits 1, and the start is tried
  // again from the data on.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, options);
    } catch (error) {
      const portTaken = error instanceof Error && PORT_TAKEN.test(error.message);
      if (!portTaken || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

async function startOnce(env: Record<string, string>, options: StartOptions) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pushboard-e2e-'));
  const removeDataDir = options.dataDir === undefined && !options.keepDataDir;
  const removeOwnDataDir = () => {
    if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.copyOf) cpSync(options.copyOf, dataDir, { recursive: true });
    await options.prepare?.(dataDir);
  } catch (error) {
    removeOwnDataDir();
    throw error;
  }
  // Chosen last, so nothing else takes them while the data is prepared.
  const [port, simPort] = [await freePort(), await freePort()];
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      SIM_PORT: String(simPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (removeDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      removeOwnDataDir();
      throw new Error(`Pushboard exited early:\n${output}`);
    }
    // Its own line first: until the console has bound PORT, /healthz may be answered by another
    // console that took the port between freePort() and this start (ours then exits 1 saying so,
    // but a test would have gone on against the other one and its simulator).
    if (READY.test(output)) {
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.ok) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Pushboard did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    simulatorUrl: `http://localhost:${simPort}`,
    dataDir,
    output: () => output,
    exitCode: () => child.exitCode,
    stop,
  };
}

/** The simulator's demo password for every demo user. */
const DEMO_PASSWORD = 'demo';

/** The `name=value` pairs of Set-Cookie headers, as a Cookie header would send them back. */
export function cookiesOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (pair && at > 0) out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

export const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/**
 * Signs in as a browser would, over plain HTTP: the console's login URL, the simulator's login
 * form answered as `username`, and back to the console's callback. Answers the callback's
 * response (a redirect) and the cookies the console set, the session's among them when it
 * accepted the user.
 */
export async function signInOverHttp(
  consoleUrl: string,
  username: string,
): Promise<{ callback: Response; cookies: Record<string, string> }> {
  const start = await fetch(`${consoleUrl}/oauth2/loginurl`);
  if (!start.ok) throw new Error(`loginurl answered ${start.status}`);
  const jar = cookiesOf(start);
  const { url } = (await start.json()) as { url: string };
  const authorize = new URL(url);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('username', username);
  form.set('password', DEMO_PASSWORD);
  const login = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = login.headers.get('location');
  if (login.status !== 302 || !back) throw new Error(`simulator login answered ${login.status}`);
  const callback = await fetch(back, {
    headers: { cookie: cookieHeader(jar) },
    redirect: 'manual',
  });
  return { callback, cookies: { ...jar, ...cookiesOf(callback) } };
}
