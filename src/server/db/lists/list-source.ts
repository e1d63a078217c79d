// A list's SQL: where its rows come from and the trusted SQL expression of each column. Column
// ids come from the domain's list definitions; nothing from a request reaches this text.

export interface SourceJoin {
  /** The alias the join introduces ('a' in 'LEFT JOIN account a ON …'). */
  readonly alias: string;
  readonly sql: string;
}

export interface ListSource {
  /** FROM clause with its joins. */
  readonly from: string;
  /**
   * The same FROM clause in parts, so that finding a page's keys and counting join only what
   * the filters, the sort and the scope use. (PostgreSQL drops an unused left join, but the
   * columns its condition reads still count as needed, which rules out index-only scans.)
   */
  readonly parts?: { readonly base: string; readonly joins: readonly SourceJoin[] };
  /** The row's SELECT list (aliases are the row's field names). */
  readonly select: string;
  /**
   * The SQL expression of each column a list may filter or sort on, by column id. Version
   * columns give the version's sort key, so filters and sorting compare versions, not text.
   */
  readonly columns: Readonly<Record<string, string>>;
  /** A unique expression appended to every ORDER BY so that pages never overlap or skip rows. */
  readonly uniqueKey: readonly string[];
}

const usesAlias = (sql: string, alias: string) => new RegExp(`\\b${alias}\\.`).test(sql);

/** The FROM clause with only the joins `sql` reads (and the joins those read), in their order. */
export function fromFor(source: ListSource, sql: string): string {
  if (!source.parts) return source.from;
  const { base, joins } = source.parts;
  const needed = new Set<SourceJoin>();
  let reading = sql;
  for (let changed = true; changed;) {
    changed = false;
    for (const join of joins) {
      if (!needed.has(join) && usesAlias(reading, join.alias)) {
        needed.add(join);
        reading += ` ${join.sql}`;
        changed = true;
      }
    }
  }
  return [base, ...joins.filter((join) => needed.has(join)).map((join) => join.sql)].join('\n');
}
