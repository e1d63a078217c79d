#!/usr/bin/env node
// `node scripts/check-log-secrets.mjs <log file>`: fails (exit 1) when the output of the test
// suite contains one of the fixed secrets the tests configure (SECRET_KEY values, admin access
// keys, the simulator's connected-app client secret), raw or base64/base64url/URL-encoded.
// Secrets generated at random (tokens the simulator issues) are checked inside
// src/server/secrets-leak.test.ts instead. Names a secret by its label, never by its value.
import { readFileSync } from 'node:fs';

/** label → value; keep in step with the test harnesses that set them. */
const FIXED_SECRETS = {
  'test SECRET_KEY k×64 (most API tests)': 'k'.repeat(64),
  'test SECRET_KEY d×64 (packageorg-connect.test.ts)': 'd'.repeat(64),
  'test SECRET_KEY c×64 (packageorg-changes.test.ts)': 'c'.repeat(64),
  'test SECRET_KEY s×64 (sync harness)': 's'.repeat(64),
  'test ADMIN_ACCESS_KEY (oauth, session and header tests)': 'correct-horse-battery-staple',
  'e2e ADMIN_ACCESS_KEY (test/e2e/shell.test.ts)': 'e2e-access-key-0123456789',
  "simulator's default client secret": 'demo-secret',
  'secrets-leak.test.ts SECRET_KEY': 'leak-test-secret-key-0123456789abcdef0123456789',
  'secrets-leak.test.ts previous SECRET_KEY': 'leak-test-previous-key-9876543210fedcba98765432',
  'secrets-leak.test.ts ADMIN_ACCESS_KEY': 'leak-test-admin-access-key-5a7c',
  'secrets-leak.test.ts client secret': 'leak-test-client-secret-2f9e41',
};

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: node scripts/check-log-secrets.mjs <log file>\n');
  process.exit(2);
}
const lines = readFileSync(file, 'utf8').split('\n');
const forms = Object.entries(FIXED_SECRETS).flatMap(([label, value]) => [
  [label, value],
  [`${label}, URL-encoded`, encodeURIComponent(value)],
  [`${label}, base64`, Buffer.from(value).toString('base64')],
  [`${label}, base64url`, Buffer.from(value).toString('base64url')],
]);
const found = [];
lines.forEach((line, index) => {
  for (const [label, value] of forms)
    if (line.includes(value)) found.push(`line ${index + 1}: ${label}`);
});
if (found.length > 0) {
  process.stderr.write(`A secret appears in the test output (${file}):\n${found.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`No fixed test secret in ${lines.length} lines of test output.\n`);
