// The contract between the SOQL engine and whatever stores the simulator's records, and the
// shape of what a query returns. The engine only reads through SoqlSource.

export type SoqlFieldType =
  | 'id'
  | 'reference'
  | 'string'
  | 'textarea'
  | 'picklist'
  | 'boolean'
  | 'int'
  | 'double'
  | 'currency'
  | 'percent'
  | 'date'
  | 'datetime';

export interface SoqlFieldSchema {
  /** Canonical API name, e.g. 'sfLma__Package_Version__c'. */
  name: string;
  type: SoqlFieldType;
  /** For 'reference': the target object's API name. */
  referenceTo?: string;
  /** For 'reference': e.g. 'sfLma__Package_Version__r'. */
  relationshipName?: string;
}

export interface SoqlObjectSchema {
  name: string;
  fields: SoqlFieldSchema[];
}

/** A record as stored: values keyed by canonical API field name. date = 'YYYY-MM-DD' string,
 *  datetime = ISO string 'YYYY-MM-DDTHH:mm:ss.SSS+0000' (Salesforce's format), numbers as
 *  numbers, booleans as booleans, missing/null as null or absent. */
export type SoqlRecord = Readonly<Record<string, unknown>>;

export interface SoqlSource {
  /** Case-insensitive lookup of an object's schema; undefined = not an object of this org. */
  schema(objectName: string): SoqlObjectSchema | undefined;
  /** All records of an object (may be a lazy iterable over a large store). */
  records(objectName: string): Iterable<SoqlRecord>;
  /** One record by its Id (18 chars), for relationship paths. */
  byId(objectName: string, id: string): SoqlRecord | undefined;
  /** Optional index: records whose `field` equals one of `values` (used for `Field = x` /
   *  `Field IN (...)` fast paths on large objects). Return undefined when there is no index for
   *  that field. The engine calls it for Id/reference fields with 18-character ids, and for
   *  text fields with the literals as written — Salesforce compares text case-insensitively, so
   *  an index that matches exact case only is right when the data uses one casing per value.
   *  The engine still applies the whole WHERE clause to what the index returns. */
  lookup?(
    objectName: string,
    field: string,
    values: readonly string[],
  ): Iterable<SoqlRecord> | undefined;
  /** Optional index: the distinct non-empty text values an Id or reference `field` holds across
   *  the object's records, as stored. Used for a semi-join subquery without WHERE
   *  (`Id IN (SELECT Ref__c FROM Child__c)`), which Salesforce answers from an index rather than
   *  by reading every child record. Return undefined when there is no such index. */
  distinctValues?(objectName: string, field: string): Iterable<string> | undefined;
  /** Optional index: records whose datetime `field` lies in [lowMs, highMs] (±Infinity for an
   *  open end), in source order; may return more (the engine re-applies WHERE). Used for
   *  `Field > literal` and the like, such as incremental reads by SystemModstamp. Return
   *  undefined when there is no such index. */
  range?(
    objectName: string,
    field: string,
    lowMs: number,
    highMs: number,
  ): Iterable<SoqlRecord> | undefined;
}

export interface SoqlRowAttributes {
  type: string;
  /** Absent on aggregate rows (type 'AggregateResult'), which are no records. */
  url?: string;
}

/** A result row in REST shape: `{ attributes, Field: value, Rel__r: { attributes, … } | null }`,
 *  selected fields only, canonical names, in select order. */
export interface SoqlOutputRow {
  attributes: SoqlRowAttributes;
  [field: string]: unknown;
}

export interface SoqlResult {
  /** Canonical object name. */
  objectName: string;
  /** Matching rows after OFFSET/LIMIT (for COUNT(): the count). */
  totalSize: number;
  /** SELECT COUNT() → rows empty, totalSize = count. */
  isCount: boolean;
  rows: SoqlOutputRow[];
}

/** What the executor needs besides the source. */
export interface SoqlContext {
  /** "Now" for TODAY, LAST_N_DAYS:n, …; evaluated in UTC. */
  now: Date;
  /** E.g. '62.0', for attributes.url. */
  apiVersion: string;
}
