// Describe payloads: the global describe (sobjects) and an object's describe with its fields, in the
// shape jsforce and the product read (name, label, type, referenceTo, relationshipName, picklistValues…).
import type { FieldDef, ObjectDef } from '../../store/schema';

function objectUrls(def: ObjectDef, version: string): Record<string, string> {
  const base = `/services/data/v${version}/sobjects/${def.name}`;
  return { sobject: base, describe: `${base}/describe`, rowTemplate: `${base}/{ID}` };
}

export function objectSummary(def: ObjectDef, version: string): Record<string, unknown> {
  return {
    activateable: false,
    createable: def.createable,
    custom: def.custom,
    customSetting: false,
    deletable: def.deletable,
    deprecatedAndHidden: false,
    feedEnabled: false,
    hasSubtypes: false,
    isSubtype: false,
    keyPrefix: def.keyPrefix,
    label: def.label,
    labelPlural: def.labelPlural,
    layoutable: def.createable,
    mergeable: false,
    mruEnabled: def.custom,
    name: def.name,
    queryable: true,
    replicateable: true,
    retrieveable: true,
    searchable: def.custom,
    triggerable: def.custom,
    undeletable: def.deletable,
    updateable: def.updateable,
    urls: objectUrls(def, version),
  };
}

const SOAP_TYPES: Record<FieldDef['type'], string> = {
  id: 'tns:ID',
  reference: 'tns:ID',
  string: 'xsd:string',
  textarea: 'xsd:string',
  picklist: 'xsd:string',
  boolean: 'xsd:boolean',
  int: 'xsd:int',
  double: 'xsd:double',
  currency: 'xsd:double',
  percent: 'xsd:double',
  date: 'xsd:date',
  datetime: 'xsd:dateTime',
};

function describeField(def: ObjectDef, f: FieldDef): Record<string, unknown> {
  const system = f.access === 'r';
  return {
    aggregatable: f.type !== 'textarea',
    autoNumber: def.name === 'sfLma__License__c' && f.name === 'Name',
    byteLength: (f.length ?? 0) * 3,
    calculated: false,
    caseSensitive: false,
    createable: def.createable && f.access !== 'r',
    custom: f.custom,
    defaultedOnCreate: system || f.type === 'boolean',
    digits: f.type === 'int' ? 9 : 0,
    externalId: false,
    filterable: f.type !== 'textarea',
    groupable: f.type !== 'textarea' && f.type !== 'double',
    idLookup: f.type === 'id' || f.name === 'Name',
    label: f.label,
    length: f.length ?? 0,
    name: f.name,
    nameField: f.name === 'Name',
    nillable: f.nillable,
    picklistValues: (f.picklist ?? []).map((value, i) => ({
      active: true,
      defaultValue: def.name.startsWith('PackagePush') && f.name === 'Status' && i === 0,
      label: value,
      validFor: null,
      value,
    })),
    precision: f.type === 'double' ? 18 : 0,
    referenceTo: f.referenceTo ? [f.referenceTo] : [],
    relationshipName: f.relationshipName ?? null,
    restrictedPicklist: f.type === 'picklist',
    scale: 0,
    soapType: SOAP_TYPES[f.type],
    sortable: f.type !== 'textarea',
    type: f.type,
    unique: false,
    updateable: def.updateable && f.access === 'rw',
  };
}

export function describeObject(def: ObjectDef, version: string): Record<string, unknown> {
  return {
    ...objectSummary(def, version),
    childRelationships: [],
    fields: def.fields.map((f) => describeField(def, f)),
    recordTypeInfos: [],
    supportedScopes: [{ label: 'All records', name: 'everything' }],
  };
}
