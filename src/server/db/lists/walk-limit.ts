// How far a bounded walk reads the sort order of a filtered list before it gives up and the page
// is read filter first (list-query.ts, docs/architecture.md "How a page is read").

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
 * A walk may also read up to this share of the matches, up to WALK_LONGEST rows: collecting
 * half a million matches costs far more than walking a tenth as many rows, and the rows a walk
 * must pass before its first match can be many (the newest versions' licenses all changed after
 * a date: 26 000 rows before the first license of "modified ≤ that date" by version, where
 * collecting the 550 000 matches took 435 ms).
 */
const WALK_SHARE_OF_MATCHES = 0.1;
const WALK_LONGEST = 100_000;

/** The rows of the sort order a bounded walk to `depth` examines before giving up. */
export function walkLimit(depth: number, matches: number): number {
  const byDepth = Math.min(WALK_MAX, Math.max(WALK_MIN, WALK_ROWS_PER_ROW * depth));
  const byMatches = Math.min(WALK_LONGEST, Math.trunc(WALK_SHARE_OF_MATCHES * matches));
  return Math.max(byDepth, byMatches);
}
