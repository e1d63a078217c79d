// Global search: orgs, licenses, packages, versions and groups whose id or name matches. Ids are
// matched exactly (15 or 18 characters) through primary keys; names by "contains" through the
// trigram indexes, so a term answers in milliseconds at a million licenses.
import { escapeLike, type SearchResult } from '../../../domain';
import type { SqlClient } from '../database';

const PER_KIND = 8;
/** Orgs a search reads in name order before it takes a word for rare. */
export const SEARCH_WALK = 2_000;

/**
 * `name` AS MATERIALIZED: the ids of the first PER_KIND orgs in `column` order whose column
 * contains the term ($1) and whose id passes `also`. A common word is found by walking the
 * column's index alone: the first SEARCH_WALK orgs hold enough matches. When they do not, the
 * word is rare, and its matches, few, are collected through the column's trigram index and
 * sorted (kept apart by OFFSET 0: given the ORDER BY … LIMIT, the planner walked the index
 * again). Walking alone read all 100 000 orgs for a rare word (60–150 ms); collecting alone
 * sorted the tens of thousands of matches of a common one.
 */
function firstOrgsContaining(
  name: string,
  column: string,
  also: (orgId: string) => string = () => 'TRUE',
): string {
  const enough = `(SELECT count(*) FROM ${name}_walked) >= ${PER_KIND}`;
  return `${name}_walked AS MATERIALIZED (
      SELECT walk.org_id, walk.v
        FROM (SELECT o.org_id, o.${column} AS v FROM org o WHERE o.${column} IS NOT NULL
              ORDER BY o.${column}, o.org_id LIMIT ${SEARCH_WALK}) walk
       WHERE lower(walk.v) LIKE $1 ESCAPE '\\' AND ${also('walk.org_id')}),
    ${name} AS MATERIALIZED (
      (SELECT w.org_id FROM ${name}_walked w WHERE ${enough}
        ORDER BY w.v, w.org_id LIMIT ${PER_KIND})
      UNION ALL
      (SELECT m.org_id
         FROM (SELECT o.org_id, o.${column} AS v FROM org o
                WHERE lower(o.${column}) LIKE $1 ESCAPE '\\' AND ${also('o.org_id')} OFFSET 0) m
        WHERE NOT ${enough} ORDER BY m.v, m.org_id LIMIT ${PER_KIND}))`;
}

export async function search(
  db: SqlClient,
  term: string,
  id18: string | null,
): Promise<SearchResult[]> {
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  const { rows } = await db.query<SearchResult & { rank: number }>(
    `WITH ${firstOrgsContaining('by_name', 'name')},
     ${firstOrgsContaining('by_account', 'account_name', (id) => `${id} NOT IN (SELECT b.org_id FROM by_name b)`)}
     (SELECT 'org' AS type, o.org_id AS id, coalesce(o.name, o.org_id) AS title,
        concat_ws(' • ', o.account_name, o.org_id, o.status) AS detail, 0 AS rank
      FROM org o WHERE o.org_id = $2)
     UNION ALL
     (SELECT 'org', o.org_id, coalesce(o.name, o.org_id),
        concat_ws(' • ', o.account_name, o.org_id, o.status), 1
      FROM by_name m JOIN org o ON o.org_id = m.org_id
      WHERE o.org_id IS DISTINCT FROM $2 ORDER BY o.name, o.org_id)
     UNION ALL
     (SELECT 'org', o.org_id, coalesce(o.name, o.org_id),
        concat_ws(' • ', o.account_name, o.org_id, o.status), 2
      FROM by_account m JOIN org o ON o.org_id = m.org_id
      WHERE o.org_id IS DISTINCT FROM $2 ORDER BY o.account_name, o.org_id)
     UNION ALL
     (SELECT 'license', l.sfid, coalesce(l.name, l.sfid), concat_ws(' • ', l.status, l.org_id), 0
      FROM license l WHERE l.sfid = $2 OR l.org_id = $2 LIMIT ${PER_KIND})
     UNION ALL
     (SELECT 'package', p.sfid, p.name, concat_ws(' • ', p.package_id, p.status), 1
      FROM package p WHERE p.sfid = $2 OR p.package_id = $2 OR lower(p.name) LIKE $1 ESCAPE '\\'
      ORDER BY p.name LIMIT ${PER_KIND})
     UNION ALL
     (SELECT 'version', v.version_id, concat(p.name, ' ', v.version_number),
        concat_ws(' • ', v.name, v.status, v.version_id), 1
      FROM package_version v JOIN package p ON p.sfid = v.package_id
      WHERE v.version_id = $2 OR v.sfid = $2 OR lower(v.name) LIKE $1 ESCAPE '\\'
        OR v.version_number = $3
      ORDER BY v.version_sort DESC LIMIT ${PER_KIND})
     UNION ALL
     (SELECT 'group', g.id::text, g.name, concat_ws(' • ', g.type, g.description), 1
      FROM org_group g WHERE lower(g.name) LIKE $1 ESCAPE '\\' OR g.id::text = $3
      ORDER BY g.name LIMIT ${PER_KIND})`,
    [pattern, id18, term],
  );
  return rows
    .sort((a, b) => a.rank - b.rank)
    .map(({ type, id, title, detail }) => ({ type, id: id.trim(), title, detail }));
}
