// Global search: orgs, licenses, packages, versions and groups whose id or name matches. Ids are
// matched exactly (15 or 18 characters) through primary keys; names by "contains" through the
// trigram indexes, so a term answers in milliseconds at a million licenses.
import { escapeLike, type SearchResult } from '../../../domain';
import type { SqlClient } from '../database';

const PER_KIND = 8;

export async function search(
  db: SqlClient,
  term: string,
  id18: string | null,
): Promise<SearchResult[]> {
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  const { rows } = await db.query<SearchResult & { rank: number }>(
    // Orgs by their account's name (kept on the org row) are collected through its trigram index
    // first: walked in name order instead, a word every matching org also has in its own name
    // reads every account before it finds that none is left.
    `WITH by_account AS MATERIALIZED (
       SELECT o.org_id, o.name, o.account_name, o.status FROM org o
       WHERE lower(o.account_name) LIKE $1 ESCAPE '\\')
     (SELECT 'org' AS type, o.org_id AS id, coalesce(o.name, o.org_id) AS title,
        concat_ws(' • ', o.account_name, o.org_id, o.status) AS detail,
        CASE WHEN o.org_id = $2 THEN 0 ELSE 1 END AS rank
      FROM org o
      WHERE o.org_id = $2 OR lower(o.name) LIKE $1 ESCAPE '\\'
      ORDER BY rank, o.name LIMIT ${PER_KIND})
     UNION ALL
     (SELECT 'org', m.org_id, coalesce(m.name, m.org_id), concat_ws(' • ', m.account_name, m.org_id, m.status), 2
      FROM by_account m WHERE NOT (lower(coalesce(m.name, '')) LIKE $1 ESCAPE '\\')
      ORDER BY m.account_name, m.name LIMIT ${PER_KIND})
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
