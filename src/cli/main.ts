// `pushboard`: the console from a release pipeline (docs/api.md "Command line"). Every command
// goes through the typed endpoint descriptions with a personal API token; --json prints the
// console's answer as JSON instead of a table.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  licenseEndpoints,
  orgEndpoints,
  orgGroupEndpoints,
  rolloutEndpoints,
  upgradeEndpoints,
  type EndpointShape,
} from '../domain';
import { ConsoleClient, ConsoleError } from './client';
import { readConfig, writeConfig } from './config';
import { listQuery, table, UsageError, type ListOptions } from './lists';
import { PLAN_PRESETS, parsePlanArg, previewWavesText, rolloutText } from './rollout';
import { progressLine, watchOutcome } from './watch';

export const USAGE = `pushboard — Pushboard from the command line

  pushboard login --url <console url> --token <pbt_…>
  pushboard orgs list [--filter column=expression]… [--sort column[:desc],…] [--page N] [--page-size N]
  pushboard groups list
  pushboard groups add-orgs <groupId> <orgId>…
  pushboard upgrades preview --group <id> --versions <04t…,…> [--start <ISO time>] [--plan <plan>]
  pushboard upgrades schedule --group <id> --versions <04t…,…> --start <ISO time> --description <text> [--transid <id>] [--plan <plan>]
  pushboard upgrades activate <upgradeId>
  pushboard upgrades watch <upgradeId> [--interval <seconds>]
  pushboard upgrades retry-failed <upgradeId>
  pushboard upgrades rollout <upgradeId>
  pushboard upgrades resume <upgradeId> --comment <text>
  pushboard upgrades skip-wave <upgradeId> <wave> --comment <text>
  pushboard upgrades start-wave <upgradeId> <wave>
  pushboard export <orgs|licenses> [--filter column=expression]… [--sort …]

--plan is a staged rollout: ${PLAN_PRESETS}, or a JSON file of a plan.
Every command takes --json. PUSHBOARD_URL and PUSHBOARD_TOKEN override the stored login.
upgrades watch exits 0 when every job succeeded, 3 when some failed, 4 when the upgrade was
canceled or failed to schedule.`;

const OPTIONS = {
  url: { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean', default: false },
  filter: { type: 'string', multiple: true },
  sort: { type: 'string' },
  page: { type: 'string' },
  'page-size': { type: 'string' },
  group: { type: 'string' },
  versions: { type: 'string' },
  start: { type: 'string' },
  description: { type: 'string' },
  transid: { type: 'string' },
  interval: { type: 'string' },
  plan: { type: 'string' },
  comment: { type: 'string' },
  help: { type: 'boolean', default: false },
} as const;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Raw bytes to standard output (exports). */
  write: (chunk: Uint8Array) => void;
  env: NodeJS.ProcessEnv;
  sleep: (ms: number) => Promise<void>;
  /** Whether standard error is a terminal (the watch bar redraws one line). */
  tty: boolean;
}

type Values = ReturnType<typeof parse>['values'];
const parse = (args: string[]) =>
  parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });

const required = (value: string | undefined, name: string): string => {
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
};

const numberArg = (value: string | undefined, name: string): number => {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n < 1) throw new UsageError(`${name} must be a number`);
  return n;
};

const EXPORTS: Record<string, EndpointShape> = {
  orgs: orgEndpoints.list.export,
  licenses: licenseEndpoints.list.export,
};

/** Runs one command line; answers the exit code. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parse(args);
    if (values.help || positionals.length === 0) {
      io.out(USAGE);
      return values.help ? 0 : 1;
    }
    return await dispatch(positionals, values, io);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      io.err(`pushboard: ${error.message}\n\n${USAGE}`);
      return 1;
    }
    if (error instanceof ConsoleError || error instanceof Error) {
      io.err(`pushboard: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

function clientOf(io: CliIo): ConsoleClient {
  const config = readConfig(io.env);
  if (!config) {
    throw new UsageError('not logged in: run pushboard login --url … --token … first');
  }
  return new ConsoleClient(config.url, config.token);
}

async function dispatch(words: string[], values: Values, io: CliIo): Promise<number> {
  const [command, sub, ...rest] = words;
  const print = (data: unknown, text: () => string) =>
    io.out(values.json ? JSON.stringify(data, null, 2) : text());

  if (command === 'login') {
    const url = required(values.url, 'url');
    const token = required(values.token, 'token');
    // Checked before it is stored: a read any token may make.
    await new ConsoleClient(url, token).call(upgradeEndpoints.list);
    const path = writeConfig({ url, token }, io.env);
    print({ url, config: path }, () => `Logged in to ${url}; the token is stored in ${path}.`);
    return 0;
  }
  const client = clientOf(io);

  if (command === 'orgs' && sub === 'list') {
    const page = await client.call(orgEndpoints.list, { query: listQuery(values as ListOptions) });
    print(page, () =>
      [
        table(page.rows, ['org_id', 'name', 'account_name', 'instance', 'edition', 'status']),
        `${page.rows.length} of ${page.total_is_estimate ? 'about ' : ''}${page.total} orgs`,
      ].join('\n'),
    );
    return 0;
  }
  if (command === 'groups' && sub === 'list') {
    const groups = await client.call(orgGroupEndpoints.list);
    print(groups, () => table(groups, ['id', 'name', 'type', 'description']));
    return 0;
  }
  if (command === 'groups' && sub === 'add-orgs') {
    const [groupId, ...orgIds] = rest;
    if (orgIds.length === 0) throw new UsageError('groups add-orgs <groupId> <orgId>…');
    const result = await client.call(orgGroupEndpoints.addMembers, {
      params: { id: numberArg(groupId, 'groupId') },
      body: { orgIds },
    });
    print(result, () => JSON.stringify(result));
    return 0;
  }
  if (command === 'upgrades') return upgrades(client, sub, rest, values, io, print);
  if (command === 'export') {
    const endpoint = sub ? EXPORTS[sub] : undefined;
    if (!endpoint) throw new UsageError(`export: one of ${Object.keys(EXPORTS).join(', ')}`);
    const { page: _page, pageSize: _size, ...query } = listQuery(values);
    await client.stream(endpoint, { query }, io.write);
    return 0;
  }
  throw new UsageError(`unknown command: ${words.join(' ')}`);
}

async function upgrades(
  client: ConsoleClient,
  sub: string | undefined,
  rest: string[],
  values: Values,
  io: CliIo,
  print: (data: unknown, text: () => string) => void,
): Promise<number> {
  const versions = () =>
    required(values.versions, 'versions')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  const groupId = () => numberArg(required(values.group, 'group'), '--group');
  const upgradeId = () => numberArg(rest[0], 'upgradeId');
  const wave = () => numberArg(rest[1], 'wave');
  // Read before any call, so a bad plan is refused without touching the console.
  const plan = values.plan ? parsePlanArg(values.plan, (path) => readFileSync(path, 'utf8')) : null;
  const rollout = plan ? { rollout: plan } : {};

  if (sub === 'preview') {
    const preview = await client.call(upgradeEndpoints.previewForGroup, {
      params: { id: groupId() },
      body: {
        versions: versions(),
        ...(values.start ? { scheduled_date: values.start } : {}),
        ...rollout,
      },
    });
    print(preview, () =>
      [
        ...preview.requests.map((r) => `${r.package_name} ${r.version_number}: ${r.orgs} orgs`),
        ...previewWavesText(preview.waves ?? []),
        `${preview.leftOutOrgs} orgs left out`,
        ...preview.leftOut.map((line) => `  ${line.label}: ${line.count}`),
      ].join('\n'),
    );
    return 0;
  }
  if (sub === 'schedule') {
    const transid = values.transid ?? `cli-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const result = await client.call(upgradeEndpoints.scheduleForGroup, {
      params: { id: groupId() },
      body: {
        versions: versions(),
        scheduled_date: required(values.start, 'start'),
        description: required(values.description, 'description'),
        transid,
        ...rollout,
      },
    });
    print(result, () => `Scheduled upgrade ${result.id} (transid ${result.transid}).`);
    return 0;
  }
  if (sub === 'activate') {
    const result = await client.call(upgradeEndpoints.activate, { params: { id: upgradeId() } });
    print(result, () => `Upgrade ${result.id}: ${result.status}`);
    return 0;
  }
  if (sub === 'retry-failed') {
    const result = await client.call(upgradeEndpoints.retry, { params: { id: upgradeId() } });
    print(result, () => `Retrying the failed jobs as upgrade ${result.id}.`);
    return 0;
  }
  if (sub === 'rollout') {
    const id = upgradeId();
    const answer = await client.call(rolloutEndpoints.get, { params: { id } });
    print(answer, () => rolloutText(answer, id));
    return 0;
  }
  if (sub === 'resume') {
    const result = await client.call(rolloutEndpoints.resume, {
      params: { id: upgradeId() },
      body: { comment: required(values.comment, 'comment') },
    });
    print(result, () => `Upgrade ${result.id}: rollout resumed (${result.status}).`);
    return 0;
  }
  if (sub === 'skip-wave') {
    const result = await client.call(rolloutEndpoints.skipWave, {
      params: { id: upgradeId(), wave: wave() },
      body: { comment: required(values.comment, 'comment') },
    });
    print(result, () => `Upgrade ${result.id}: wave ${rest[1]} skipped (${result.status}).`);
    return 0;
  }
  if (sub === 'start-wave') {
    const result = await client.call(rolloutEndpoints.startWave, {
      params: { id: upgradeId(), wave: wave() },
    });
    print(result, () => `Upgrade ${result.id}: wave ${rest[1]} started (${result.status}).`);
    return 0;
  }
  if (sub === 'watch') {
    const id = upgradeId();
    const every = values.interval ? Number(values.interval) * 1000 : 2000;
    if (!(every >= 100)) throw new UsageError('--interval must be at least 0.1 seconds');
    let last = '';
    for (;;) {
      const upgrade = await client.call(upgradeEndpoints.get, { params: { id } });
      const line = progressLine(upgrade);
      const outcome = watchOutcome(upgrade);
      if (values.json) {
        if (outcome !== undefined) io.out(JSON.stringify(upgrade, null, 2));
      } else if (io.tty) io.err(`\r${line}`);
      else if (line !== last) io.err(line);
      last = line;
      if (outcome !== undefined) {
        if (io.tty && !values.json) io.err('\n');
        return outcome;
      }
      await io.sleep(every);
    }
  }
  throw new UsageError(`unknown command: upgrades ${sub ?? ''}`);
}

/** The process's own io. */
export function processIo(): CliIo {
  return {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(text.startsWith('\r') ? text : `${text}\n`),
    write: (chunk) => process.stdout.write(chunk),
    env: process.env,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    tty: process.stderr.isTTY,
  };
}
