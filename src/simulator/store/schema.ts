// Object and field definitions. One definition serves three purposes: the SOQL engine's schema,
// `describe` replies, and the write rules (which fields a create or update may set).
import type { SoqlFieldType, SoqlObjectSchema } from '../soql/index';

/** 'rw': create and update; 'c': create only; 'r': read only (system-maintained). */
export type FieldAccess = 'rw' | 'c' | 'r';

export interface FieldDef {
  readonly name: string;
  readonly label: string;
  readonly type: SoqlFieldType;
  readonly access: FieldAccess;
  readonly required: boolean;
  readonly nillable: boolean;
  readonly custom: boolean;
  readonly length?: number;
  readonly referenceTo?: string;
  readonly relationshipName?: string;
  readonly picklist?: readonly string[];
}

export interface ObjectDef {
  readonly name: string;
  readonly label: string;
  readonly labelPlural: string;
  readonly keyPrefix: string;
  readonly custom: boolean;
  readonly createable: boolean;
  readonly updateable: boolean;
  readonly deletable: boolean;
  readonly fields: readonly FieldDef[];
  field(name: string): FieldDef | undefined;
  readonly soql: SoqlObjectSchema;
}

export interface FieldOptions {
  label?: string;
  access?: FieldAccess;
  required?: boolean;
  length?: number;
  referenceTo?: string;
  relationshipName?: string;
  picklist?: readonly string[];
}

/** 'sfLma__Subscriber_Org_ID__c' → 'Subscriber Org ID'; 'OrgKey' → 'Org Key'. */
function labelFor(name: string): string {
  const bare = name.replace(/^[A-Za-z0-9]+__/, '').replace(/__c$/, '');
  return bare
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/\bId\b$/, 'ID');
}

export function field(name: string, type: SoqlFieldType, options: FieldOptions = {}): FieldDef {
  const access = options.access ?? 'rw';
  const required = options.required ?? false;
  return {
    name,
    label: options.label ?? labelFor(name),
    type,
    access,
    required,
    nillable: !required && type !== 'boolean' && type !== 'id',
    custom: name.endsWith('__c'),
    ...(options.length !== undefined ? { length: options.length } : {}),
    ...(type === 'string' || type === 'textarea' ? { length: options.length ?? 255 } : {}),
    ...(options.referenceTo ? { referenceTo: options.referenceTo } : {}),
    ...(options.relationshipName ? { relationshipName: options.relationshipName } : {}),
    ...(options.picklist ? { picklist: options.picklist } : {}),
  };
}

/** A lookup field: `ref('sfLma__Package__c', 'sfLma__Package__c')` gets relationship 'sfLma__Package__r'. */
export function ref(name: string, target: string, options: FieldOptions = {}): FieldDef {
  const relationshipName =
    options.relationshipName ??
    (name.endsWith('__c') ? name.replace(/__c$/, '__r') : name.replace(/Id$/, ''));
  return field(name, 'reference', { ...options, referenceTo: target, relationshipName });
}

/** The audit fields every object carries. */
function systemFields(custom: boolean): FieldDef[] {
  const fields = [
    field('Id', 'id', { access: 'r', label: 'Record ID' }),
    field('IsDeleted', 'boolean', { access: 'r', label: 'Deleted' }),
    field('CreatedDate', 'datetime', { access: 'r' }),
    ref('CreatedById', 'User', { access: 'r', label: 'Created By ID' }),
    field('LastModifiedDate', 'datetime', { access: 'r' }),
    ref('LastModifiedById', 'User', { access: 'r', label: 'Last Modified By ID' }),
    field('SystemModstamp', 'datetime', { access: 'r', label: 'System Modstamp' }),
  ];
  if (custom) fields.push(ref('OwnerId', 'User', { access: 'r', label: 'Owner ID' }));
  return fields;
}

export interface ObjectOptions {
  label: string;
  labelPlural: string;
  keyPrefix: string;
  createable?: boolean;
  updateable?: boolean;
  deletable?: boolean;
}

export function defineObject(name: string, options: ObjectOptions, own: FieldDef[]): ObjectDef {
  const custom = name.endsWith('__c');
  const fields = [...systemFields(custom), ...own];
  const byName = new Map(fields.map((f) => [f.name.toLowerCase(), f]));
  return {
    name,
    label: options.label,
    labelPlural: options.labelPlural,
    keyPrefix: options.keyPrefix,
    custom,
    createable: options.createable ?? true,
    updateable: options.updateable ?? true,
    deletable: options.deletable ?? true,
    fields,
    field: (fieldName) => byName.get(fieldName.toLowerCase()),
    soql: {
      name,
      fields: fields.map((f) => ({
        name: f.name,
        type: f.type,
        ...(f.referenceTo ? { referenceTo: f.referenceTo } : {}),
        ...(f.relationshipName ? { relationshipName: f.relationshipName } : {}),
      })),
    },
  };
}
