// Record creates, updates and deletes with Salesforce's checks, in this order: the object allows the
// operation, the user's permission sets allow it, every field exists and is writable, values have the
// right types, required fields are present, references point at existing records, then the object's
// own rules (the push API's) run. Every write stamps the audit fields from the simulator clock.
import { canPerform } from './access';
import { auditFields, modifiedStamp, type SimOrg, type SimUser } from './family';
import { CROSS_REFERENCE, INSUFFICIENT_ACCESS, SaveError } from './save-error';
import type { FieldDef, ObjectDef } from './schema';
import type { Row, Table } from './table';
import type { Transaction } from './transaction';
import { coerceValue } from './values';

export interface WriteContext {
  readonly org: SimOrg;
  readonly user: SimUser;
  readonly now: number;
  readonly tx: Transaction;
}

/** Object-specific behaviour; throwing a SaveError rejects the record. */
export interface ObjectRules {
  beforeCreate?(ctx: WriteContext, values: Record<string, unknown>): void;
  afterCreate?(ctx: WriteContext, row: Row): void;
  beforeUpdate?(ctx: WriteContext, existing: Row, changes: Record<string, unknown>): void;
  afterUpdate?(ctx: WriteContext, before: Row, after: Row): void;
}

export type RulesRegistry = Readonly<Record<string, ObjectRules>>;

export const NOT_FOUND = (): SaveError =>
  new SaveError('NOT_FOUND', 'The requested resource does not exist');

function tableOf(ctx: WriteContext, objectName: string): Table {
  const table = ctx.org.store.table(objectName);
  if (!table) {
    throw new SaveError(
      'INVALID_TYPE',
      `sObject type '${objectName}' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.`,
    );
  }
  return table;
}

export class RecordWriter {
  constructor(private readonly rules: RulesRegistry) {}

  create(ctx: WriteContext, objectName: string, input: Readonly<Record<string, unknown>>): Row {
    const table = tableOf(ctx, objectName);
    const def = table.def;
    if (!def.createable)
      throw new SaveError(
        'INVALID_TYPE_FOR_OPERATION',
        `entity type cannot be inserted: ${def.label}`,
      );
    if (!canPerform(ctx.org, ctx.user, def.name, 'Create')) throw INSUFFICIENT_ACCESS();
    const values = this.readFields(ctx, def, input, 'create');
    const missing = def.fields.filter(
      (f) => f.required && (values[f.name] === undefined || values[f.name] === null),
    );
    if (missing.length > 0) {
      const names = missing.map((f) => f.name);
      throw new SaveError(
        'REQUIRED_FIELD_MISSING',
        `Required fields are missing: [${names.join(', ')}]`,
        names,
      );
    }
    for (const f of def.fields) {
      if (values[f.name] === undefined) values[f.name] = f.type === 'boolean' ? false : null;
    }
    if (def.name === 'sfLma__License__c')
      values.Name = `L-${String(table.size() + 1).padStart(7, '0')}`;
    this.rules[def.name]?.beforeCreate?.(ctx, values);
    delete values.Id;
    const row = ctx.tx.insert(table, {
      ...values,
      ...auditFields(ctx.now, ctx.now, ctx.user.id, def.custom),
    });
    this.rules[def.name]?.afterCreate?.(ctx, row);
    return row;
  }

  update(
    ctx: WriteContext,
    objectName: string,
    id: string,
    input: Readonly<Record<string, unknown>>,
  ): Row {
    const table = tableOf(ctx, objectName);
    const def = table.def;
    const index = table.indexOfId(id);
    const existing = table.get(index);
    if (!existing) throw NOT_FOUND();
    if (!def.updateable)
      throw new SaveError(
        'INVALID_TYPE_FOR_OPERATION',
        `entity type cannot be updated: ${def.label}`,
      );
    if (!canPerform(ctx.org, ctx.user, def.name, 'Edit')) throw INSUFFICIENT_ACCESS();
    const changes = this.readFields(ctx, def, input, 'update');
    const cleared = def.fields.filter(
      (f) => f.required && f.name in changes && changes[f.name] === null,
    );
    if (cleared.length > 0) {
      const names = cleared.map((f) => f.name);
      throw new SaveError(
        'REQUIRED_FIELD_MISSING',
        `Required fields are missing: [${names.join(', ')}]`,
        names,
      );
    }
    this.rules[def.name]?.beforeUpdate?.(ctx, existing, changes);
    const after: Row = { ...existing, ...changes, ...modifiedStamp(ctx.now, ctx.user.id) };
    ctx.tx.put(table, index, after);
    this.rules[def.name]?.afterUpdate?.(ctx, existing, after);
    return after;
  }

  delete(ctx: WriteContext, objectName: string, id: string): void {
    const table = tableOf(ctx, objectName);
    const index = table.indexOfId(id);
    if (!table.get(index)) throw NOT_FOUND();
    if (!table.def.deletable) {
      throw new SaveError(
        'INVALID_TYPE_FOR_OPERATION',
        `entity type cannot be deleted: ${table.def.label}`,
      );
    }
    if (!canPerform(ctx.org, ctx.user, table.def.name, 'Delete')) throw INSUFFICIENT_ACCESS();
    ctx.tx.put(table, index, undefined);
  }

  private readFields(
    ctx: WriteContext,
    def: ObjectDef,
    input: Readonly<Record<string, unknown>>,
    mode: 'create' | 'update',
  ): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    const locked: string[] = [];
    for (const [key, raw] of Object.entries(input)) {
      if (key === 'attributes') continue;
      const f = def.field(key);
      if (!f)
        throw new SaveError(
          'INVALID_FIELD',
          `No such column '${key}' on sobject of type ${def.name}`,
          [key],
        );
      if (f.access === 'r' || (mode === 'update' && f.access === 'c')) {
        locked.push(f.name);
        continue;
      }
      values[f.name] = coerceValue(f, raw);
      this.checkReference(ctx, f, values[f.name]);
    }
    if (locked.length > 0) {
      throw new SaveError(
        'INVALID_FIELD_FOR_INSERT_UPDATE',
        `Unable to create/update fields: ${locked.join(', ')}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
        locked,
      );
    }
    return values;
  }

  private checkReference(ctx: WriteContext, f: FieldDef, value: unknown): void {
    if (f.type !== 'reference' || typeof value !== 'string' || !f.referenceTo) return;
    const target = ctx.org.store.table(f.referenceTo);
    if (target && !target.byId(value)) throw CROSS_REFERENCE(f.name);
  }
}
