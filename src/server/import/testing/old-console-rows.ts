// Small helpers the old-console data generator shares: seeded randomness, numbered ids, and
// inserts of many rows through unnest.
import type pg from 'pg';
import { caseSafeSuffix } from '../../../domain/ids';

export type OldClient = pg.ClientBase | pg.Pool;

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** mulberry32: a small seeded generator, so a failing test can be replayed. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 15-character id with the prefix; numbered so ids never repeat. */
export function id15(prefix: string, n: number): string {
  let body = '';
  let rest = n;
  for (let i = 0; i < 15 - prefix.length; i++) {
    body = ALNUM[rest % 62] + body;
    rest = Math.floor(rest / 62);
  }
  return prefix + body;
}
export const to18 = (id: string) => id + caseSafeSuffix(id);

export async function insertRows(
  client: OldClient,
  table: string,
  columns: string[],
  types: string[],
  rows: unknown[][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 5_000) {
    const chunk = rows.slice(start, start + 5_000);
    const arrays = columns.map((_, c) => chunk.map((row) => row[c]));
    const unnest = types.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
    await client.query(
      `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${unnest})`,
      arrays,
    );
  }
}
