// Writes made "behind the API" by the control interface: tests edit any field (even read-only ones
// like Status or LastModifiedDate's source data) and choose the modified time, e.g. to put two
// changes in the same second for incremental-sync tests. Values are still type-checked.
import { auditFields, modifiedStamp, type SimOrg } from './family';
import { SaveError } from './save-error';
import type { Row, Table } from './table';
import { coerceValue } from './values';

function tableOf(org: SimOrg, objectName: string): Table {
  const table = org.store.table(objectName);
  if (!table) throw new SaveError('INVALID_TYPE', `sObject type '${objectName}' is not supported.`);
  return table;
}

function coerceAll(
  table: Table,
  fields: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const f = table.def.field(key);
    if (!f)
      throw new SaveError(
        'INVALID_FIELD',
        `No such column '${key}' on sobject of type ${table.def.name}`,
        [key],
      );
    if (f.name === 'Id') continue;
    out[f.name] = coerceValue(f, value);
  }
  return out;
}

/** Updates a record and stamps LastModifiedDate/SystemModstamp with `modifiedMs`. */
export function systemUpdate(
  org: SimOrg,
  objectName: string,
  id: string,
  fields: Readonly<Record<string, unknown>>,
  modifiedMs: number,
): Row {
  const table = tableOf(org, objectName);
  const index = table.indexOfId(id);
  const existing = table.get(index);
  if (!existing) throw new SaveError('NOT_FOUND', 'The requested resource does not exist');
  const row: Row = {
    ...existing,
    ...coerceAll(table, fields),
    ...modifiedStamp(modifiedMs, org.systemUserId),
  };
  table.put(index, row);
  return row;
}

/** Creates a record directly (no permission or field-access checks). */
export function systemCreate(
  org: SimOrg,
  objectName: string,
  fields: Readonly<Record<string, unknown>>,
  createdMs: number,
): Row {
  const table = tableOf(org, objectName);
  const values = coerceAll(table, fields);
  for (const f of table.def.fields) {
    if (values[f.name] === undefined) values[f.name] = f.type === 'boolean' ? false : null;
  }
  delete values.Id;
  return table.insert({
    ...values,
    ...auditFields(createdMs, createdMs, org.systemUserId, table.def.custom),
  });
}

export function systemDelete(org: SimOrg, objectName: string, id: string): void {
  const table = tableOf(org, objectName);
  const index = table.indexOfId(id);
  if (!table.get(index)) throw new SaveError('NOT_FOUND', 'The requested resource does not exist');
  table.put(index, undefined);
}
