// The deploy files (Procfile, app.json, Dockerfile) checked against the code they start: every
// command runs a file or script that exists, every variable they set is a real setting that
// validates, every setting the server requires outside demo mode is asked for, and everything
// the server imports at run time is a production dependency (the image and the platform install
// with --omit=dev). The container's health check runs against a real server.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIG_KEYS, loadConfig } from './config';
import type { TestDatabase } from './db/test-database';
import type { AppInstance } from './http/app';
import { startTestApp } from './http/testing/test-app';
import { listenLocally } from './http/testing/listen-locally';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const packageJson = z
  .object({
    scripts: z.record(z.string(), z.string()),
    dependencies: z.record(z.string(), z.string()),
    devDependencies: z.record(z.string(), z.string()),
  })
  .parse(JSON.parse(read('package.json')));

/** Procfile lines: `type: command`. */
function procfile(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of read('Procfile').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const match = /^([a-z][\w-]*):\s*(.+)$/.exec(line);
    if (!match?.[1] || !match[2]) throw new Error(`Procfile line is not "type: command": ${line}`);
    entries.set(match[1], match[2].trim());
  }
  return entries;
}

/** A command's leading VAR=value assignments, and the rest as words. */
function parseCommand(command: string): { env: Record<string, string>; words: string[] } {
  const words = command.split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name = '', ...value] = (words.shift() ?? '').split('=');
    env[name] = value.join('=');
  }
  return { env, words };
}

/** Checks that a command starts something that exists: a script, a file, a dependency. */
function commandProblems(command: string): string[] {
  const problems: string[] = [];
  const { env, words } = parseCommand(command);
  for (const name of Object.keys(env)) {
    if (!CONFIG_KEYS.includes(name as (typeof CONFIG_KEYS)[number]))
      problems.push(`${name} is not a setting`);
  }
  try {
    loadConfig(env);
  } catch (error) {
    problems.push((error as Error).message);
  }
  const [program, ...args] = words;
  if (program === 'npm') {
    const script = args[0] === 'run' ? args[1] : args[0];
    if (!script || !packageJson.scripts[script]) problems.push(`no npm script "${script}"`);
  } else if (program === 'node') {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] ?? '';
      if (arg === '--import' || arg === '--require') {
        const module = args[++i] ?? '';
        if (!packageJson.dependencies[module]) problems.push(`${module} is not a dependency`);
      } else if (!arg.startsWith('-') && !existsSync(join(ROOT, arg))) {
        problems.push(`${arg} does not exist`);
      }
    }
  } else {
    problems.push(`unexpected program ${program}`);
  }
  return problems;
}

const appJson = z
  .object({
    name: z.string().min(1),
    description: z.string().min(1),
    buildpacks: z.array(z.object({ url: z.string() })),
    formation: z.record(z.string(), z.object({ quantity: z.number().int().min(0) })),
    addons: z.array(z.union([z.string(), z.object({ plan: z.string() })])),
    env: z.record(
      z.string(),
      z
        .object({
          description: z.string().min(1),
          value: z.string().optional(),
          generator: z.literal('secret').optional(),
          required: z.boolean().optional(),
        })
        .strict(),
    ),
  })
  .parse(JSON.parse(read('app.json')));

/** The environment a fresh platform app starts with: values, generated secrets, and what the
 * operator is asked for (filled with plausible answers), plus the add-on's DATABASE_URL. */
function appJsonEnvironment(): Record<string, string> {
  const answers: Record<string, string> = {
    SF_CLIENT_ID: '3MVG9consumer-key',
    SF_CLIENT_SECRET: 'consumer-secret',
    PUBLIC_URL: 'https://pushboard.example.com',
  };
  const env: Record<string, string> = { DATABASE_URL: 'postgres://u:p@db.example.com:5432/d' };
  for (const [name, entry] of Object.entries(appJson.env)) {
    if (entry.generator === 'secret')
      env[name] = 'f'.repeat(64); // Heroku: 64 hex characters
    else if (entry.value !== undefined) env[name] = entry.value;
    else if (entry.required) env[name] = answers[name] ?? 'x';
  }
  return env;
}

describe('Procfile', () => {
  it('runs a web and a worker process with the same start command and their ROLE', () => {
    const entries = procfile();
    expect([...entries.keys()].sort()).toEqual(expect.arrayContaining(['web', 'worker']));
    expect(parseCommand(entries.get('web') ?? '').env.ROLE).toBe('web');
    expect(parseCommand(entries.get('worker') ?? '').env.ROLE).toBe('worker');
  });

  it('starts only things that exist', () => {
    for (const [type, command] of procfile()) {
      expect(commandProblems(command), `${type}: ${command}`).toEqual([]);
    }
  });
});

/** Variables app.json may set that a library reads rather than Pushboard's config, with why. */
const LIBRARY_VARIABLES: Record<string, string> = {
  PGSSLMODE: "node-postgres reads it: Heroku Postgres requires TLS, and DATABASE_URL can't say so",
};

describe('app.json', () => {
  it('asks for real settings only', () => {
    const unknown = Object.keys(appJson.env).filter(
      (name) =>
        !CONFIG_KEYS.includes(name as (typeof CONFIG_KEYS)[number]) && !LIBRARY_VARIABLES[name],
    );
    expect(unknown).toEqual([]);
  });

  it('turns TLS on for the add-on database the way the PostgreSQL driver reads it', () => {
    expect(appJson.env.PGSSLMODE?.value).toBe('no-verify');
    // The driver's own reading of the variable, for a URL like the add-on's (no sslmode in it).
    const previous = process.env.PGSSLMODE;
    process.env.PGSSLMODE = appJson.env.PGSSLMODE?.value;
    try {
      // A client that is never connected: only its reading of the configuration is looked at.
      const client = new pg.Client({ connectionString: 'postgres://u:p@db.example.com:5432/d' });
      expect((client as unknown as { ssl: unknown }).ssl).toEqual({ rejectUnauthorized: false });
    } finally {
      if (previous === undefined) delete process.env.PGSSLMODE;
      else process.env.PGSSLMODE = previous;
    }
  });

  it('describes the Procfile process types, a PostgreSQL add-on and the Node.js buildpack', () => {
    expect(Object.keys(appJson.formation).sort()).toEqual([...procfile().keys()].sort());
    for (const process of Object.values(appJson.formation)) expect(process.quantity).toBe(1);
    const plans = appJson.addons.map((addon) => (typeof addon === 'string' ? addon : addon.plan));
    expect(plans.some((plan) => plan.startsWith('heroku-postgresql'))).toBe(true);
    expect(appJson.buildpacks.map((b) => b.url)).toContain('heroku/nodejs');
    // The platform builds the web app with the build script before pruning dev dependencies.
    expect(packageJson.scripts.build).toBeTruthy();
  });

  it('gives a configuration that starts outside demo mode, on PostgreSQL', () => {
    const config = loadConfig(appJsonEnvironment());
    expect(config.demoMode).toBe(false);
    expect(config.DATABASE_URL).toMatch(/^postgres:/);
    expect(config.FORCE_HTTPS).toBe(true);
    // Heroku's router is the one proxy whose X-Forwarded-* headers are believed.
    expect(config.TRUST_PROXY).toBe(1);
  });

  it('asks for every setting the server requires outside demo mode', () => {
    const env = appJsonEnvironment();
    // A setting is required when the configuration stops loading without it.
    const required = Object.keys(env).filter((name) => {
      const { [name]: _dropped, ...rest } = env;
      try {
        loadConfig(rest);
        return false;
      } catch {
        return true;
      }
    });
    // TRUST_PROXY: FORCE_HTTPS, which app.json turns on, cannot work without it.
    expect(required.sort()).toEqual([
      'SECRET_KEY',
      'SF_CLIENT_ID',
      'SF_CLIENT_SECRET',
      'TRUST_PROXY',
    ]);
    for (const name of required) {
      const entry = appJson.env[name];
      expect(entry?.required === true || entry?.generator === 'secret', name).toBe(true);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));
  const stages = instructions.filter((line) => line.startsWith('FROM '));
  const runtime = instructions.slice(instructions.lastIndexOf(stages.at(-1) ?? ''));
  const json = (line: string | undefined) =>
    z.array(z.string()).parse(JSON.parse((line ?? '').replace(/^\w+\s+(--\S+\s+)*(CMD\s+)?/, '')));

  it('builds in one stage and runs from a slim Node 20 image as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages.at(-1)).toMatch(/^FROM node:20-bookworm-slim\b/);
    expect(instructions.some((line) => /RUN npm ci --no-audit/.test(line))).toBe(true);
    expect(instructions.some((line) => /RUN npm run build/.test(line))).toBe(true);
    expect(runtime.some((line) => /RUN npm ci --omit=dev/.test(line))).toBe(true);
    expect(runtime.filter((line) => line.startsWith('USER '))).toEqual(['USER node']);
    expect(runtime.some((line) => /^EXPOSE 5000$/.test(line))).toBe(true);
  });

  it('runs the command the Procfile runs, and copies everything that command needs', () => {
    const cmd = json(runtime.find((line) => line.startsWith('CMD ')));
    const web = parseCommand(procfile().get('web') ?? '').words;
    expect(cmd).toEqual(web);
    expect(commandProblems(cmd.join(' '))).toEqual([]);
    for (const line of runtime.filter((l) => l.startsWith('COPY ') && !l.includes('--from'))) {
      const sources = line.split(/\s+/).slice(1, -1);
      for (const source of sources) expect(existsSync(join(ROOT, source)), line).toBe(true);
    }
    const copied = runtime.filter((l) => l.startsWith('COPY ')).join('\n');
    expect(copied).toMatch(/COPY src \.\/src/);
    expect(copied).toMatch(/COPY --from=build \/app\/dist\/web \.\/dist\/web/);
  });

  it('checks health with node (no curl in the slim image) through a script that exists', () => {
    const check = runtime.find((line) => line.startsWith('HEALTHCHECK '));
    const command = json(check?.replace(/^HEALTHCHECK\s+(--\S+\s+)*/, 'X '));
    expect(command[0]).toBe('node');
    expect(existsSync(join(ROOT, command[1] ?? ''))).toBe(true);
    expect(runtime.join('\n')).toContain(`COPY ${command[1]} ./${command[1]}`);
  });
});

describe('run-time dependencies', () => {
  /** Bare module names imported (not type-only) by a file and everything it imports, from main. */
  function runtimeImports(entry: string): Map<string, string> {
    const bare = new Map<string, string>();
    const seen = new Set<string>();
    const pending = [join(ROOT, entry)];
    while (pending.length) {
      const file = pending.pop() ?? '';
      if (seen.has(file)) continue;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      const statements = text.matchAll(
        /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
      );
      for (const [, typeOnly, staticName, dynamicName] of statements) {
        const name = staticName ?? dynamicName ?? '';
        if (typeOnly) continue;
        if (name.startsWith('.')) {
          const base = join(dirname(file), name);
          const resolved = ['.ts', '.tsx', '/index.ts', ''].map((ext) => base + ext);
          const found = resolved.find((path) => existsSync(path) && !path.endsWith('/'));
          if (!found) throw new Error(`${relative(ROOT, file)}: cannot resolve ${name}`);
          pending.push(found);
        } else if (!name.startsWith('node:')) {
          const pkg = name.startsWith('@')
            ? name.split('/').slice(0, 2).join('/')
            : name.split('/')[0];
          bare.set(pkg ?? name, relative(ROOT, file));
        }
      }
    }
    return bare;
  }

  it('are all production dependencies (the image and the platform omit dev dependencies)', () => {
    const imports = runtimeImports('src/main.ts');
    expect(imports.has('fastify')).toBe(true);
    expect(imports.has('prom-client')).toBe(true);
    const missing = [...imports]
      .filter(([name]) => !packageJson.dependencies[name])
      .map(([name, file]) => `${name} (imported by ${file})`);
    expect(missing).toEqual([]);
    expect(packageJson.dependencies.tsx).toBeTruthy();
  });
});

describe('the container health check', () => {
  let testDb: TestDatabase;
  let app: AppInstance;
  let port: number;

  beforeAll(async () => {
    ({ app, testDb } = await startTestApp());
    ({ port } = await listenLocally(app));
  });
  afterAll(async () => {
    if (app.server.listening) await app.close();
    await testDb.drop();
  });

  /** Runs the script as Docker would (its own process), answering its exit code. */
  const check = (env: Record<string, string>) =>
    new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [join(ROOT, 'scripts/healthcheck.mjs')], {
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: 'ignore',
      });
      child.once('error', reject);
      child.once('exit', (code) => resolve(code));
    });

  it('passes while /healthz answers and fails when nothing listens', async () => {
    expect(await check({ PORT: String(port) })).toBe(0);
    await app.close();
    expect(await check({ PORT: String(port) })).toBe(1);
  });

  it('passes for a worker, which serves no HTTP', async () => {
    expect(await check({ ROLE: 'worker', PORT: String(port) })).toBe(0);
  });
});
