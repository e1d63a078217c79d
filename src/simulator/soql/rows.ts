// Builds result rows in the REST API's shape:
//   { attributes: { type, url }, Name: 'x', sfLma__Account__r: { attributes, Name } | null }
// The selected fields are arranged once into a tree (fields of one relationship share one
// nested object, in order of first mention), so building a row copies only selected values.

import type { RelationshipHop, ResolvedField, Resolver } from './resolve';
import type { SoqlOutputRow, SoqlRecord } from './source';

type PlanNode =
  | { readonly kind: 'value'; readonly name: string }
  | { readonly kind: 'parent'; readonly hop: RelationshipHop; readonly children: PlanNode[] };

function planOf(fields: readonly ResolvedField[]): PlanNode[] {
  const root: PlanNode[] = [];
  for (const field of fields) {
    let level = root;
    for (const hop of field.hops) {
      let node = level.find(
        (candidate) =>
          candidate.kind === 'parent' && candidate.hop.relationshipName === hop.relationshipName,
      );
      if (!node) level.push((node = { kind: 'parent', hop, children: [] }));
      level = node.kind === 'parent' ? node.children : level;
    }
    level.push({ kind: 'value', name: field.field.name });
  }
  return root;
}

export type RowBuilder = (record: SoqlRecord) => SoqlOutputRow;

export function compileRowBuilder(
  objectName: string,
  fields: readonly ResolvedField[],
  resolver: Resolver,
  apiVersion: string,
): RowBuilder {
  const urlPrefix = `/services/data/v${apiVersion}/sobjects/`;
  const build = (record: SoqlRecord, type: string, plan: readonly PlanNode[]): SoqlOutputRow => {
    const id = record['Id'];
    const row: SoqlOutputRow = {
      attributes: { type, url: `${urlPrefix}${type}/${typeof id === 'string' ? id : ''}` },
    };
    for (const node of plan) {
      if (node.kind === 'value') {
        row[node.name] = record[node.name] ?? null;
      } else {
        const parent = resolver.parent(node.hop.targetObject, record[node.hop.referenceField]);
        row[node.hop.relationshipName] =
          parent === null ? null : build(parent, node.hop.targetObject, node.children);
      }
    }
    return row;
  };
  const plan = planOf(fields);
  return (record) => build(record, objectName, plan);
}
