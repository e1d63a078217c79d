// Saved filters (docs/product.md "Saved filters"): named column filters per list, shared by every
// user. A filter is checked against its list before it is stored, so a saved filter never names a
// column the list lacks or holds an expression the list cannot run.
import {
  compileFilters,
  describeFilterError,
  FilterSyntaxError,
  listDefinition,
  type ColumnFilter,
} from '../../domain';
import type { Database } from '../db/database';
import { writeAudit } from '../db/repositories/audit-log';
import {
  deleteSavedFilter,
  findSavedFilter,
  insertSavedFilter,
  savedFilterNameTaken,
  updateSavedFilter,
} from '../db/repositories/saved-filters';
import { ConflictError, InvalidError, NotFoundError } from '../errors';

export interface SaveFilterInput {
  id?: number | null | undefined;
  key: string;
  name: string;
  query: ColumnFilter[];
}

function checkQuery(key: string, query: readonly ColumnFilter[]): void {
  const list = listDefinition(key);
  if (!list) throw new InvalidError(`key: no list is called '${key}'`, 'key');
  try {
    compileFilters(query, list.columns, { now: Date.now(), timeZone: 'UTC', username: 'check' });
  } catch (error) {
    if (error instanceof FilterSyntaxError) {
      throw new InvalidError(`query: ${describeFilterError(error, list.columns)}`, 'query');
    }
    throw error;
  }
}

export async function saveFilter(
  db: Database,
  actor: { username: string },
  input: SaveFilterInput,
): Promise<number> {
  checkQuery(input.key, input.query);
  return db.transaction(async (tx) => {
    const id = input.id ?? null;
    if (id !== null) {
      const existing = await findSavedFilter(tx, id);
      if (!existing) throw new NotFoundError(`No saved filter ${id}.`);
      if (existing.key !== input.key) {
        throw new InvalidError(`key: saved filter ${id} belongs to another list`, 'key');
      }
    }
    if (await savedFilterNameTaken(tx, input.key, input.name, id)) {
      throw new ConflictError(`A saved filter named '${input.name}' already exists for this list.`);
    }
    const savedId =
      id === null
        ? await insertSavedFilter(tx, { ...input, createdBy: actor.username })
        : (await updateSavedFilter(tx, { id, name: input.name, query: input.query }), id);
    await writeAudit(tx, {
      actor: actor.username,
      action: id === null ? 'savedfilter.create' : 'savedfilter.update',
      targetType: 'saved_filter',
      targetId: String(savedId),
      outcome: 'success',
      details: { key: input.key, name: input.name },
    });
    return savedId;
  });
}

export async function removeFilter(
  db: Database,
  actor: { username: string },
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteSavedFilter(tx, id))) throw new NotFoundError(`No saved filter ${id}.`);
    await writeAudit(tx, {
      actor: actor.username,
      action: 'savedfilter.delete',
      targetType: 'saved_filter',
      targetId: String(id),
      outcome: 'success',
    });
  });
}
