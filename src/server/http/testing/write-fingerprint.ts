// Whether a request wrote anything, for the input fuzz's "no partial write": a checksum of every
// table (count and md5 of its rows in order) but those left out, taken only when PostgreSQL's next
// transaction id moved, since a request that wrote nothing (not even a rolled-back write) assigned
// none and the checksum costs a scan of the database.

type Rows = <T>(sql: string) => Promise<T[]>;

export class WriteFingerprint {
  private tablesSql: string | undefined;
  private known: { xid: string; sum: string } | undefined;

  constructor(
    private readonly rows: Rows,
    /** Tables whose rows change on any request or are history rather than data, with why. */
    private readonly leftOut: Record<string, string>,
  ) {}

  /** The checksum before a request (reused while no transaction id was used since). */
  async before(): Promise<string> {
    const xid = await this.nextXid();
    if (this.known?.xid !== xid) this.known = { xid, sum: await this.checksum() };
    return this.known.sum;
  }

  /** The tables whose checksum changed since `before` (none when no transaction id was used). */
  async changedSince(sum: string): Promise<string[]> {
    const xid = await this.nextXid();
    if (this.known?.xid === xid) return [];
    const now = await this.checksum();
    this.known = { xid, sum: now };
    const old = new Set(sum.split('\n'));
    return now
      .split('\n')
      .filter((line) => !old.has(line))
      .map((line) => line.split('=')[0]!);
  }

  private async nextXid(): Promise<string> {
    const [row] = await this.rows<{ x: string }>(
      `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x`,
    );
    return row!.x;
  }

  private async checksum(): Promise<string> {
    if (!this.tablesSql) {
      const tables = await this.rows<{ name: string }>(
        `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
          ORDER BY 1`,
      );
      const kept = tables.filter((table) => !this.leftOut[table.name.replace(/^public\./, '')]);
      this.tablesSql = kept
        .map(
          (table) =>
            `SELECT '${table.name}' AS name, count(*) || ':' || coalesce(md5(string_agg(x::text, ',' ORDER BY x::text)), '') AS sum FROM ${table.name} x`,
        )
        .join(' UNION ALL ');
    }
    const rows = await this.rows<{ name: string; sum: string }>(this.tablesSql);
    return rows.map((row) => `${row.name}=${row.sum}`).join('\n');
  }
}
