// Resolves names as written in a query against the source's schema, case-insensitively, to
// canonical API names, and builds the reader that follows relationship paths
// (`sfLma__Account__r.Name`) through byId. One Resolver serves one execution, so its caches
// (name maps, parent records) never outlive the data they were read from.

import type { SoqlFieldRef, SourcePositions } from './ast';
import { noSuchColumn, unknownRelationship, unsupportedObject } from './errors';
import type { SoqlFieldSchema, SoqlObjectSchema, SoqlRecord, SoqlSource } from './source';

export interface RelationshipHop {
  /** Canonical reference field holding the parent's Id, e.g. 'sfLma__Account__c'. */
  readonly referenceField: string;
  /** Canonical relationship name, e.g. 'sfLma__Account__r'. */
  readonly relationshipName: string;
  /** Canonical name of the parent object. */
  readonly targetObject: string;
}

export interface ResolvedField {
  readonly field: SoqlFieldSchema;
  /** Relationships walked from the queried object to the object holding `field`. */
  readonly hops: readonly RelationshipHop[];
  /** Canonical dotted path, e.g. 'sfLma__Account__r.Name'. */
  readonly canonicalPath: string;
  /** The field's stored value for a record of the queried object; null when absent or when a
   *  parent along the path is missing. */
  readonly read: (record: SoqlRecord) => unknown;
}

interface NameMaps {
  readonly fields: ReadonlyMap<string, SoqlFieldSchema>;
  readonly relationships: ReadonlyMap<string, SoqlFieldSchema>;
}

/** Parents cached per object; cleared past this size so a scan over a million children with
 *  distinct parents keeps bounded memory. */
const PARENT_CACHE_LIMIT = 100_000;

export class Resolver {
  private readonly schemas = new Map<string, SoqlObjectSchema | undefined>();
  private readonly nameMaps = new Map<SoqlObjectSchema, NameMaps>();
  private readonly parents = new Map<string, Map<string, SoqlRecord | null>>();

  constructor(
    readonly source: SoqlSource,
    private readonly text: string,
    private readonly positions: SourcePositions,
  ) {}

  /** The schema of an object named in FROM; INVALID_TYPE when the org has no such object. */
  object(nameAsWritten: string, offset: number): SoqlObjectSchema {
    const schema = this.schema(nameAsWritten);
    if (!schema) throw unsupportedObject(this.text, offset, nameAsWritten);
    return schema;
  }

  /** Schemas are asked for once per name: a source may build them on every call. */
  private schema(name: string): SoqlObjectSchema | undefined {
    const key = name.toLowerCase();
    if (!this.schemas.has(key)) this.schemas.set(key, this.source.schema(name));
    return this.schemas.get(key);
  }

  field(object: SoqlObjectSchema, ref: SoqlFieldRef): ResolvedField {
    const offset = this.positions.get(ref) ?? 0;
    const hops: RelationshipHop[] = [];
    let current = object;
    for (const segment of ref.path.slice(0, -1)) {
      const reference = this.maps(current).relationships.get(segment.toLowerCase());
      const target =
        reference?.referenceTo === undefined ? undefined : this.schema(reference.referenceTo);
      if (!reference || !target) throw unknownRelationship(this.text, offset, segment);
      hops.push({
        referenceField: reference.name,
        relationshipName: reference.relationshipName ?? segment,
        targetObject: target.name,
      });
      current = target;
    }
    const last = ref.path[ref.path.length - 1] ?? '';
    const field = this.maps(current).fields.get(last.toLowerCase());
    if (!field) throw noSuchColumn(this.text, offset, last, current.name);
    return {
      field,
      hops,
      canonicalPath: [...hops.map((hop) => hop.relationshipName), field.name].join('.'),
      read: this.reader(hops, field.name),
    };
  }

  /** A parent record by Id, cached for the life of this resolver; null when missing. */
  parent(objectName: string, id: unknown): SoqlRecord | null {
    if (typeof id !== 'string' || id === '') return null;
    let cache = this.parents.get(objectName);
    if (!cache) {
      cache = new Map<string, SoqlRecord | null>();
      this.parents.set(objectName, cache);
    }
    let parent = cache.get(id);
    if (parent === undefined) {
      if (cache.size >= PARENT_CACHE_LIMIT) cache.clear();
      parent = this.source.byId(objectName, id) ?? null;
      cache.set(id, parent);
    }
    return parent;
  }

  private reader(hops: readonly RelationshipHop[], fieldName: string): ResolvedField['read'] {
    if (hops.length === 0) return (record) => record[fieldName] ?? null;
    return (record) => {
      let current: SoqlRecord | null = record;
      for (const hop of hops) {
        current = this.parent(hop.targetObject, current[hop.referenceField]);
        if (current === null) return null;
      }
      return current[fieldName] ?? null;
    };
  }

  private maps(object: SoqlObjectSchema): NameMaps {
    let maps = this.nameMaps.get(object);
    if (!maps) {
      const fields = new Map<string, SoqlFieldSchema>();
      const relationships = new Map<string, SoqlFieldSchema>();
      for (const field of object.fields) {
        fields.set(field.name.toLowerCase(), field);
        if (field.type === 'reference' && field.relationshipName) {
          relationships.set(field.relationshipName.toLowerCase(), field);
        }
      }
      maps = { fields, relationships };
      this.nameMaps.set(object, maps);
    }
    return maps;
  }
}
