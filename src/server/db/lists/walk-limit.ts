// How far a bounded walk reads the sort order of a filtered list before it gives up and the page
// is read filter first, and how it tests a joined record's filter (list-query.ts,
// docs/architecture.md "How a page is read").
import type { SqlClient } from '../database';
import { estimateRows } from './list-count';
import { fromFor } from './list-source';
import type { KeyedWalk, ListStatement } from './list-statement';
import { SqlBuilder } from './sql-builder';

/**
 * How many rows of the sort order a filtered page read examines, per row of depth, before it
 * gives up on the walk and collects the matches instead (within WALK_MIN…WALK_MAX rows). A
 * filter that matches many rows still misses the start of the sort order when the two columns go
 * together (no Suspended license expires before the Expired ones do), and the planner, which
 * assumes matches are spread evenly, cannot see that.
 */
const WALK_ROWS_PER_ROW = 20;
const WALK_MIN = 2_000;
const WALK_MAX = 20_000;
/**
 * A walk may also read up to this share of the matches, up to WALK_LONGEST rows. Walking a row
 * and collecting a match cost about the same (each reads one row of the table), so a walk that
 * fails costs this share more than collecting at once, and one that finds its page saves the
 * rest. The rows a walk passes before its first match can be many: the newest versions'
 * licenses all changed after a date (26 000 rows before the first license of "modified ≤ that
 * date" by version, where collecting the 550 000 matches took 435 ms); no denied or failed audit
 * entry mentions "eth" (11 700 rows before the first of 55 000 successes that do: the walk took
 * 15 ms, collecting them 56 ms).
 */
const WALK_SHARE_OF_MATCHES = 0.25;
const WALK_LONGEST = 100_000;

/**
 * The rows of the sort order a bounded walk to `depth` examines before giving up, given the
 * matches and, when known, the rows it would pass were the matches spread evenly (`expected`):
 * enough for those, up to twice, but never more than the matches, whose collecting is the
 * alternative.
 */
export function walkLimit(depth: number, matches: number, expected = 0): number {
  const byDepth = Math.min(WALK_MAX, Math.max(WALK_MIN, WALK_ROWS_PER_ROW * depth));
  const byMatches = Math.min(WALK_LONGEST, Math.trunc(WALK_SHARE_OF_MATCHES * matches));
  const byExpected = Math.min(WALK_LONGEST, matches, Math.trunc(2 * expected));
  return Math.max(byDepth, byMatches, byExpected);
}

/**
 * The rows a bounded walk to `depth` may examine (walkLimit) and the rows it is expected to read
 * to the page were the matches spread evenly, or undefined when it is not worth
 * trying: even were the matches spread evenly over the list's scope (`scope`: 'FROM … WHERE …'
 * without the filters, and its parameters), it would pass more rows than there are matches to
 * collect (licenses by account name expiring this month, page 40: 18 700 matches in a million
 * licenses, one in 53, so 53 000 rows to walk; the walk spent 80 ms before the matches were
 * collected anyway). One more estimate from the planner. `share`: of the matches, the most rows
 * that estimate may come to for the walk to be tried.
 */
async function boundedWalkRows(
  db: SqlClient,
  scope: { readonly from: string; readonly params: readonly unknown[] },
  depth: number,
  matches: number,
  share = 1,
): Promise<{ rows: number; expected: number } | undefined> {
  const scopeRows = await estimateRows(db, scope.from, scope.params);
  const expected = (depth * scopeRows) / Math.max(1, matches);
  return expected > share * matches
    ? undefined
    : { rows: walkLimit(depth, matches, expected), expected };
}

/**
 * A bounded walk: it examines at most `rows` rows of the sort order (both branches counted),
 * testing `filter` on them (the statement's, or its keyedWalk's).
 */
export interface BoundedWalk {
  readonly rows: number;
  readonly filter: ListStatement['filter'];
}

/**
 * The bounded walk of `statement`'s page to `depth` among `matches` matches, or undefined when it
 * is not worth trying (boundedWalkRows, the statement's scope without its filters). Its keyed
 * filters are tested through their sets when that pays (keyedWalkPays).
 */
export async function boundedWalk(
  db: SqlClient,
  statement: ListStatement,
  depth: number,
  matches: number,
  share: number,
): Promise<BoundedWalk | undefined> {
  const builder = new SqlBuilder();
  const where = `(${statement.scope(builder)}) AND (TRUE)`;
  const scope = {
    from: `FROM ${fromFor(statement.source, where)} WHERE ${where}`,
    params: builder.params,
  };
  const bound = await boundedWalkRows(db, scope, depth, matches, share);
  if (!bound) return undefined;
  const { keyedWalk } = statement;
  const keyed = keyedWalk && (await keyedWalkPays(db, keyedWalk, bound.expected));
  return { rows: bound.rows, filter: keyed ? keyedWalk.filter : statement.filter };
}

/**
 * A set of keys costs about a quarter of a joined lookup per key to build: 0.55 µs a key through
 * the account names' trigram index, 0.9 µs read from the table, against 4.3 µs to look up a
 * walked license's account (one page of a million licenses, idle).
 */
const SET_KEYS_PER_LOOKUP = 4;

/**
 * Whether a bounded walk expected to read `expected` rows tests the keyed filters through their
 * sets (ListStatement.keyedWalk): when the planner's estimate of the sets' keys is smaller than
 * the lookups they save. Deep pages of a rare account name: the walk is long and the set small;
 * a common one finds its page in a few rows, and its set is big.
 */
async function keyedWalkPays(db: SqlClient, keyedWalk: KeyedWalk, expected: number) {
  let keys = 0;
  for (const set of keyedWalk.sets) {
    const builder = new SqlBuilder();
    keys += await estimateRows(db, set(builder), builder.params);
    if (keys > SET_KEYS_PER_LOOKUP * expected) return false;
  }
  return true;
}
