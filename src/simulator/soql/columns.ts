// The columns of a query, for the REST API's `query?q=…&columns=true` (the sf CLI asks for them to
// lay out `sf data query` tables): one column per selected item, relationship paths nested as join
// columns (`PackageVersion.MetadataPackage.Name` → PackageVersion › MetadataPackage › Name), and
// aggregate functions as aggregate columns named by alias or exprN. Validates like a query does.

import type { SoqlFieldRef } from './ast';
import { parseSoqlWithPositions } from './parser';
import { Resolver, type ResolvedField } from './resolve';
import type { SoqlFieldSchema, SoqlSource } from './source';

export interface SoqlColumn {
  /** Field, relationship, alias or exprN. */
  readonly name: string;
  /** The dotted path, or e.g. 'COUNT(Id)' for a function. */
  readonly displayName: string;
  readonly aggregate: boolean;
  /** The field and its object; absent on relationship columns. */
  readonly field?: { readonly objectName: string; readonly schema: SoqlFieldSchema };
  readonly joinColumns: SoqlColumn[];
}

export interface SoqlColumns {
  readonly entityName: string;
  readonly groupBy: boolean;
  readonly idSelected: boolean;
  readonly columns: SoqlColumn[];
}

interface MutableColumn extends SoqlColumn {
  readonly joinColumns: MutableColumn[];
}

/** Adds a field path to the column tree, sharing relationship columns between paths. */
function addPath(root: MutableColumn[], objectName: string, field: ResolvedField): void {
  let level = root;
  let owner = objectName;
  const prefix: string[] = [];
  for (const hop of field.hops) {
    prefix.push(hop.relationshipName);
    let node = level.find((c) => c.name === hop.relationshipName && c.field === undefined);
    if (!node) {
      node = {
        name: hop.relationshipName,
        displayName: prefix.join('.'),
        aggregate: false,
        joinColumns: [],
      };
      level.push(node);
    }
    level = node.joinColumns;
    owner = hop.targetObject;
  }
  level.push({
    name: field.field.name,
    displayName: field.canonicalPath,
    aggregate: false,
    field: { objectName: owner, schema: field.field },
    joinColumns: [],
  });
}

export function describeSoqlColumns(text: string, source: SoqlSource): SoqlColumns {
  const parsed = parseSoqlWithPositions(text);
  const resolver = new Resolver(source, text, parsed.positions);
  const { query } = parsed;
  const object = resolver.object(query.from, parsed.positions.get(query) ?? 0);
  const resolve = (ref: SoqlFieldRef) => resolver.field(object, ref);
  const columns: MutableColumn[] = [];
  const select = query.select;
  if (select.kind === 'fields') {
    for (const ref of select.fields) addPath(columns, object.name, resolve(ref));
  } else if (select.kind === 'aggregate') {
    let expr = 0;
    for (const item of select.items) {
      const field = resolve(item.field);
      if (item.kind === 'group') {
        addPath(columns, object.name, field);
        continue;
      }
      columns.push({
        name: item.alias ?? `expr${expr++}`,
        displayName: `${item.fn}(${field.canonicalPath})`,
        aggregate: true,
        joinColumns: [],
      });
    }
  }
  return {
    entityName: select.kind === 'aggregate' ? 'AggregateResult' : object.name,
    groupBy: select.kind === 'aggregate' && select.groupBy.length > 0,
    idSelected: columns.some((c) => c.field?.schema.name === 'Id'),
    columns,
  };
}
