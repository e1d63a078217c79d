// `npm run import -- --from postgres://… [--old-key …] [--apply]`
// (docs/operations.md "Importing from the old console"): the old console's database in, Pushboard's
// (DATABASE_URL, or the embedded one in DATA_DIR, as `npm start` uses) out. Dry run unless --apply;
// prints the report; exit code 0 when the run completed, 1 when it stopped on an error, 2 on a
// usage error.
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import {
  missingOldTables,
  openOldConsolePool,
} from '../db/repositories/old-console-import/old-source';
import { ensurePortFree, PortInUseError } from '../port-in-use';
import { resolveSecretKeys, SecretBox } from '../secrets';
import { formatImportReport } from './import-report';
import { IMPORT_STEPS, runImport } from './run-import';

export const IMPORT_USAGE = `npm run import -- --from <postgres://… the old console's database> [options]

  --apply               write (without it: a dry run that only reports)
  --old-key <key>       the old console's CRYPT_KEY, to carry its connected orgs' tokens over
  --old-key-file <path> the same, read from a file (keeps it out of the process list)
  --old-rsa-key-file <path>
                        the old console's CRYPT_KEY_RSA private key (PEM), when it sealed
                        tokens with RSA (tried first, then --old-key, as it did)
  --batch-size <n>      rows per transaction (default 1000)
  --json                print the report as JSON

Pushboard's database is DATABASE_URL, or the embedded one in DATA_DIR, as for npm start.`;

export interface ImportCliIo {
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      apply: { type: 'boolean', default: false },
      'old-key': { type: 'string' },
      'old-key-file': { type: 'string' },
      'old-rsa-key-file': { type: 'string' },
      'batch-size': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return { help: true as const };
  const from = values.from;
  if (!from || !/^postgres(ql)?:\/\//.test(from)) {
    throw new Error('--from must be the postgres:// URL of the old console database');
  }
  const batchSize = values['batch-size'] === undefined ? 1_000 : Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 50_000) {
    throw new Error('--batch-size must be a whole number from 1 to 50000');
  }
  if (values['old-key'] !== undefined && values['old-key-file'] !== undefined) {
    throw new Error('give --old-key or --old-key-file, not both');
  }
  const oldKey =
    values['old-key-file'] !== undefined
      ? readFileSync(values['old-key-file'], 'utf8').trim()
      : values['old-key'];
  if (oldKey !== undefined && oldKey === '') throw new Error('--old-key is empty');
  const rsaFile = values['old-rsa-key-file'];
  const oldRsaKey = rsaFile === undefined ? undefined : readFileSync(rsaFile, 'utf8');
  if (oldRsaKey !== undefined && !oldRsaKey.includes('PRIVATE KEY')) {
    throw new Error('--old-rsa-key-file is not a PEM private key');
  }
  return {
    help: false as const,
    from,
    apply: values.apply,
    oldKey,
    oldRsaKey,
    batchSize,
    json: values.json,
  };
}

/** The operating-system user running the command, for the audit log. */
function osUser(env: Record<string, string | undefined>): string {
  try {
    return userInfo().username;
  } catch {
    // No passwd entry for the uid (some containers).
    return env.USER ?? 'unknown user';
  }
}

export async function runImportCli(argv: string[], io: ImportCliIo): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${IMPORT_USAGE}\n`);
    return 2;
  }
  if (args.help) {
    io.out(`${IMPORT_USAGE}\n`);
    return 0;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  // The embedded database serves one process: never open it beside a running console.
  if (!config.DATABASE_URL) {
    try {
      await ensurePortFree('PORT', config.PORT, config.HOST);
    } catch (error) {
      if (!(error instanceof PortInUseError)) throw error;
      io.err(
        `Pushboard seems to be running (PORT ${config.PORT} is in use) on the embedded database, which serves one process at a time: stop it first, or start the import from the Administration page.\n`,
      );
      return 1;
    }
  }
  const from = openOldConsolePool(args.from);
  const target = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: join(config.DATA_DIR, 'pglite'),
  });
  try {
    const missing = await missingOldTables(
      from,
      IMPORT_STEPS.map((step) => step.source),
    );
    if (missing.length > 0) {
      io.err(`Not the old console's database: no table ${missing.join(', ')}\n`);
      return 1;
    }
    await migrate(target);
    const started = Date.now();
    const report = await runImport({
      from,
      target,
      apply: args.apply,
      oldKey: args.oldKey,
      oldRsaKey: args.oldRsaKey,
      secrets: new SecretBox(resolveSecretKeys(config)),
      batchSize: args.batchSize,
      actor: `${osUser(io.env)} (npm run import)`,
      onProgress: ({ table, read }) => {
        if (read % (args.batchSize * 20) === 0) io.err(`${table}: ${read} rows read\n`);
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    io.out(
      args.json
        ? `${JSON.stringify({ ...report, seconds: Number(seconds) }, null, 2)}\n`
        : `${formatImportReport(report)}\n\nTook ${seconds} s.\n`,
    );
    return report.failure ? 1 : 0;
  } catch (error) {
    io.err(`Import failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await from.end();
    await target.close();
  }
}
