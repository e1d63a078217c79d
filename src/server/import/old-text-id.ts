// The old console stored upgrade.parent_id and upgrade.org_group_id as varchar holding an integer
// id of another row, with nothing checking it. An import reads them back as integers and turns
// anything else into a reason the report can show.
export type OldTextIdParse = { readonly id: number | null } | { readonly skipped: string };

export function parseOldTextId(column: string, value: string | null): OldTextIdParse {
  if (value === null || value.trim() === '') return { id: null };
  const text = value.trim();
  if (!/^\d{1,10}$/.test(text) || Number(text) > 2_147_483_647 || Number(text) === 0) {
    return { skipped: `${column} '${value}' is not a row id` };
  }
  return { id: Number(text) };
}
