// The 'import-old-console' background job: the import from the old console started from the
// Administration page (docs/operations.md "Importing from the old console"), with its progress
// on the job card and its report as the job's results. The old database's URL and key travel in
// the job's parameters sealed with SECRET_KEY (job parameters are stored and audited); the job
// shows only the old database's host and name. Cancel stops it between two batches; what was
// committed stays, and starting it again resumes.
import { z } from 'zod';
import type { Database } from '../db/database';
import { openOldConsolePool } from '../db/repositories/old-console-import/old-source';
import type { JobDefinition } from '../jobs/types';
import type { SecretBox } from '../secrets';
import { formatImportReport } from './import-report';
import { runImport } from './run-import';

export interface OldConsoleImportInput {
  from: string;
  oldKey?: string | undefined;
  apply: boolean;
}

const paramsSchema = z.object({ sealed: z.string(), apply: z.boolean(), source: z.string() });
const sealedSchema = z.object({ from: z.string(), oldKey: z.string().optional() });

/** The old database as the job card may show it: host and database name, never a password. */
export function describeOldDatabase(from: string): string {
  try {
    const url = new URL(from);
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'the old console database';
  }
}

export function importJobParams(secrets: SecretBox, input: OldConsoleImportInput) {
  const secret = { from: input.from, ...(input.oldKey ? { oldKey: input.oldKey } : {}) };
  return {
    sealed: secrets.encrypt(JSON.stringify(secret)),
    apply: input.apply,
    source: describeOldDatabase(input.from),
  };
}

export function importOldConsoleJob(deps: {
  db: Database;
  secrets: SecretBox;
  batchSize?: number;
}): JobDefinition {
  return {
    type: 'import-old-console',
    name: (params) => {
      const parsed = paramsSchema.safeParse(params);
      const mode = parsed.success && parsed.data.apply ? 'Import' : 'Dry run of the import';
      return `${mode} from the old console${parsed.success ? ` (${parsed.data.source})` : ''}`;
    },
    steps: () => [
      {
        name: 'Reading the old console',
        run: async (context, params) => {
          const { sealed, apply } = paramsSchema.parse(params);
          const secret = sealedSchema.parse(JSON.parse(deps.secrets.decrypt(sealed)));
          const from = openOldConsolePool(secret.from);
          let canceled: Error | undefined;
          try {
            const report = await runImport({
              from,
              target: deps.db,
              apply,
              oldKey: secret.oldKey,
              secrets: deps.secrets,
              actor: context.startedBy,
              ...(deps.batchSize ? { batchSize: deps.batchSize } : {}),
              onProgress: ({ table, read, tableIndex, tables }) =>
                context.progress(`${table} (${tableIndex + 1} of ${tables}): ${read} rows read`),
              beforeCommit: () => {
                try {
                  context.throwIfCanceled();
                } catch (error) {
                  canceled = error instanceof Error ? error : new Error(String(error));
                  throw error;
                }
              },
            });
            const [title, ...lines] = formatImportReport(report).split('\n');
            context.result(title ?? 'Import from the old console', lines);
            // A cancel ends the job as Canceled, not Failed; its batch was rolled back.
            if (canceled) throw canceled;
            if (report.failure) throw new Error(report.failure);
          } finally {
            await from.end();
          }
        },
      },
    ],
  };
}
