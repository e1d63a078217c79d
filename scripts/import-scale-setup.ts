// One-off setup for timing the import from the old console at `scale` (docs/operations.md
// "Importing from the old console"): a throwaway old-console database filled by the generator at
// scale (100 000 orgs' worth of groups, 30 000 jobs) and an empty, migrated Pushboard database
// that knows the package versions the generated requests name by LMA record id. Prints the two
// URLs; time `npm run import` against them, then drop both databases.
//   npx tsx scripts/import-scale-setup.ts postgres://postgres@127.0.0.1:5432/postgres
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { generateOldConsole } from '../src/server/import/testing/old-console-data';
import { seedPackageVersions } from '../src/server/import/testing/import-snapshot';

const server = process.argv[2];
if (!server) throw new Error('usage: import-scale-setup.ts <postgres server url>');
const suffix = randomBytes(4).toString('hex');
const urlOf = (name: string) => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
};
const admin = new pg.Client({ connectionString: server });
await admin.connect();
const oldName = `old_console_scale_${suffix}`;
const targetName = `pushboard_import_scale_${suffix}`;
await admin.query(`CREATE DATABASE ${oldName}`);
await admin.query(`CREATE DATABASE ${targetName}`);
await admin.end();

const started = Date.now();
const old = new pg.Pool({ connectionString: urlOf(oldName), max: 2 });
const generated = await generateOldConsole(old, { size: 'scale' });
await old.end();
const target = await openDatabase({ url: urlOf(targetName) });
await migrate(target);
await seedPackageVersions(target, generated.lmaVersions);
await target.close();
console.log(JSON.stringify({ counts: generated.counts, seconds: (Date.now() - started) / 1000 }));
console.log(`OLD=${urlOf(oldName)}`);
console.log(`TARGET=${urlOf(targetName)}`);
console.log(`OLD_KEY=${generated.oldKey}`);
