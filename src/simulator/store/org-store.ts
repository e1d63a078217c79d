// All tables of one org, served to the SOQL engine as a SoqlSource. Names are case-insensitive, as
// in Salesforce.
import type { SoqlObjectSchema, SoqlRecord, SoqlSource } from '../soql/index';
import type { ObjectDef } from './schema';
import type { Table } from './table';

export class OrgStore implements SoqlSource {
  private readonly tables = new Map<string, Table>();

  add(table: Table): Table {
    this.tables.set(table.def.name.toLowerCase(), table);
    return table;
  }

  table(objectName: string): Table | undefined {
    return this.tables.get(objectName.toLowerCase());
  }

  /** The table a record id belongs to, found by its key prefix. */
  tableForId(id: string): Table | undefined {
    const prefix = id.slice(0, 3);
    for (const table of this.tables.values()) if (table.def.keyPrefix === prefix) return table;
    return undefined;
  }

  /** Every table of the org. */
  allTables(): Table[] {
    return [...this.tables.values()];
  }

  objects(): ObjectDef[] {
    return [...this.tables.values()].map((t) => t.def);
  }

  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const table of this.tables.values()) out[table.def.name] = table.size();
    return out;
  }

  schema(objectName: string): SoqlObjectSchema | undefined {
    return this.table(objectName)?.def.soql;
  }

  records(objectName: string): Iterable<SoqlRecord> {
    return this.table(objectName)?.records() ?? [];
  }

  byId(objectName: string, id: string): SoqlRecord | undefined {
    return this.table(objectName)?.byId(id);
  }

  range(
    objectName: string,
    field: string,
    lowMs: number,
    highMs: number,
  ): Iterable<SoqlRecord> | undefined {
    return this.table(objectName)?.range(field, lowMs, highMs);
  }

  distinctValues(objectName: string, field: string): Iterable<string> | undefined {
    return this.table(objectName)?.distinctValues(field);
  }

  lookup(
    objectName: string,
    field: string,
    values: readonly string[],
  ): Iterable<SoqlRecord> | undefined {
    return this.table(objectName)?.lookup(field, values);
  }
}
