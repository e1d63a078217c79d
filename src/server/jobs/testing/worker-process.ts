// A worker process for the restart-recovery test: it runs a job that never finishes, so that the
// test can kill it with SIGKILL mid-job. Usage: DATABASE_URL=postgres://… node --import tsx <this>
import { openDatabase } from '../../db/database';
import { runTestWorker } from './test-jobs';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must name the test database.');
const db = await openDatabase({ url, poolSize: 3 });
await runTestWorker(db, [
  {
    type: 'monitor-orgs',
    name: () => 'Never-ending job',
    steps: () => [
      {
        name: 'Working forever',
        run: async (context) => {
          context.progress('Half way');
          await new Promise<never>(() => {});
        },
      },
      { name: 'Never reached', run: async () => {} },
    ],
  },
]);
