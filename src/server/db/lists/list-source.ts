// A list's SQL: where its rows come from and the trusted SQL expression of each column. Column
// ids come from the domain's list definitions; nothing from a request reaches this text.

export interface ListSource {
  /** FROM clause with its joins. */
  readonly from: string;
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
