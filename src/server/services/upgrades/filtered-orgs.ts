// The orgs a filtered Orgs list shows, through the list's own SQL (the column filters compiled by
// the domain's filter language), for scheduling: the scope "these filtered orgs" and a rollout's
// filter waves (docs/product.md "Staged rollouts"). A filter the list refuses is a 400 naming
// `field`.
import type { ColumnFilter } from '../../../domain';
import { ORG_LIST } from '../../../domain/api/orgs';
import type { Database } from '../../db/database';
import { ORG_SOURCE } from '../../db/lists/org-sources';
import { NO_SCOPE, type Scope } from '../../db/lists/sql-builder';
import { InvalidError } from '../../errors';
import { listStatement, streamListRows } from '../lists/list-service';

export interface FilterOptions {
  /** The signed-in user (#ME in a filter). */
  username: string | null;
  /** The time zone date filters are read in (UTC when absent). */
  tz?: string | undefined;
  /** Only among these orgs. */
  among?: readonly string[];
}

/** The ids of the orgs matching every filter, in org order. */
export async function orgsMatching(
  db: Database,
  filters: readonly ColumnFilter[],
  options: FilterOptions,
  field: string,
): Promise<string[]> {
  const { among } = options;
  const scope: Scope = among ? (b) => `o.org_id = ANY(${b.param(among)}::text[])` : NO_SCOPE;
  let statement;
  try {
    statement = listStatement(
      ORG_LIST,
      ORG_SOURCE,
      scope,
      {
        page: 1,
        pageSize: 25,
        filters: [...filters],
        ...(options.tz ? { tz: options.tz } : {}),
      },
      { username: options.username },
    );
  } catch (error) {
    // The list names the column ('filters.edition: …'); the caller names its own field.
    if (error instanceof InvalidError) {
      throw new InvalidError(`${field}: ${error.message.replace(/^filters\.?/, '')}`, field);
    }
    throw error;
  }
  const ids: string[] = [];
  await streamListRows<{ org_id: string }>(db, statement, async (rows) => {
    for (const row of rows) ids.push(row.org_id.trim());
  });
  return ids;
}
