// `GET …/query?q=<soql>&columns=true`: instead of records, the query's column metadata (what the
// sf CLI's `data query` reads to name its table columns): entityName, groupBy, idSelected,
// keyPrefix and columnMetadata, each column with its join columns for relationship paths.
import { describeSoqlColumns, type SoqlColumn } from '../../soql/columns';
import type { SoqlFieldType } from '../../soql/index';
import type { OrgStore } from '../../store/org-store';

const APEX_TYPES: Record<SoqlFieldType, string> = {
  id: 'Id',
  reference: 'Id',
  string: 'String',
  textarea: 'String',
  picklist: 'String',
  boolean: 'Boolean',
  int: 'Integer',
  double: 'Double',
  currency: 'Decimal',
  percent: 'Double',
  date: 'Date',
  datetime: 'Datetime',
};

function columnMetadata(store: OrgStore, column: SoqlColumn): Record<string, unknown> {
  const def = column.field
    ? store.table(column.field.objectName)?.def.field(column.field.schema.name)
    : undefined;
  const type = column.field?.schema.type;
  const aggregateType = column.aggregate ? 'Integer' : null;
  return {
    aggregate: column.aggregate,
    apexType: type ? APEX_TYPES[type] : aggregateType,
    booleanType: type === 'boolean',
    columnName: column.name,
    custom: def?.custom ?? false,
    displayName: column.displayName,
    foreignKeyName: null,
    insertable: def ? def.access !== 'r' : false,
    joinColumns: column.joinColumns.map((c) => columnMetadata(store, c)),
    numberType: type === 'int' || type === 'double' || type === 'currency' || type === 'percent',
    textType: type === 'string' || type === 'textarea' || type === 'picklist',
    updatable: def ? def.access === 'rw' : false,
  };
}

export function queryColumns(soql: string, store: OrgStore): Record<string, unknown> {
  const described = describeSoqlColumns(soql, store);
  return {
    columnMetadata: described.columns.map((c) => columnMetadata(store, c)),
    entityName: described.entityName,
    groupBy: described.groupBy,
    idSelected: described.idSelected,
    keyPrefix: store.table(described.entityName)?.def.keyPrefix ?? null,
  };
}
