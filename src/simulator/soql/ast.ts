// The typed AST of the supported SOQL subset. It is plain data without source positions, so
// two parses of equivalent text deep-equal each other (the formatter's round-trip property
// relies on that); positions live beside it in a `SourcePositions` map filled by the parser.
// Names are kept as written: the executor resolves them case-insensitively against the schema.

/** A field or relationship path as written, e.g. ['sfLma__Account__r', 'Name']. */
export interface SoqlFieldRef {
  readonly kind: 'field';
  readonly path: readonly string[];
}

export type SoqlAggregateFunction = 'COUNT' | 'COUNT_DISTINCT' | 'MIN' | 'MAX' | 'SUM' | 'AVG';

/** An item of an aggregate query's SELECT list: a grouped field, or a function with its alias. */
export type SoqlAggregateItem =
  | { readonly kind: 'group'; readonly field: SoqlFieldRef }
  | {
      readonly kind: 'function';
      readonly fn: SoqlAggregateFunction;
      readonly field: SoqlFieldRef;
      /** As written; unaliased functions are named expr0, expr1, … in the result. */
      readonly alias: string | null;
    };

export type SoqlSelect =
  | { readonly kind: 'count' }
  | { readonly kind: 'fields'; readonly fields: readonly SoqlFieldRef[] }
  /** SELECT with aggregate functions (COUNT(Id), MAX(…), …) and its GROUP BY fields. */
  | {
      readonly kind: 'aggregate';
      readonly items: readonly SoqlAggregateItem[];
      readonly groupBy: readonly SoqlFieldRef[];
    };

/** Salesforce's relative date literals (TODAY, LAST_N_DAYS:n, …); `n` is null for fixed ones. */
export interface SoqlDateLiteral {
  readonly kind: 'dateLiteral';
  readonly name: string;
  readonly n: number | null;
}

export type SoqlLiteral =
  | { readonly kind: 'null' }
  | { readonly kind: 'boolean'; readonly value: boolean }
  /** Decoded text; `\%` and `\_` stay escaped (backslash kept) because only LIKE reads them. */
  | { readonly kind: 'string'; readonly value: string }
  /** `text` as written keeps the printer exact; `value` is its number. */
  | { readonly kind: 'number'; readonly text: string; readonly value: number }
  /** YYYY-MM-DD */
  | { readonly kind: 'date'; readonly text: string }
  /** As written (upper-cased T/Z); `epochMs` is parsed once by the lexer. */
  | { readonly kind: 'datetime'; readonly text: string; readonly epochMs: number }
  | SoqlDateLiteral;

/** `<>` is parsed as `!=`. */
export type SoqlComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'LIKE';

export type SoqlCondition =
  | { readonly kind: 'and'; readonly operands: readonly SoqlCondition[] }
  | { readonly kind: 'or'; readonly operands: readonly SoqlCondition[] }
  | { readonly kind: 'not'; readonly operand: SoqlCondition }
  | {
      readonly kind: 'compare';
      readonly field: SoqlFieldRef;
      readonly operator: SoqlComparisonOperator;
      readonly value: SoqlLiteral;
    }
  | {
      readonly kind: 'in';
      readonly field: SoqlFieldRef;
      readonly negated: boolean;
      readonly values: readonly SoqlLiteral[];
    }
  | {
      readonly kind: 'semiJoin';
      readonly field: SoqlFieldRef;
      readonly negated: boolean;
      readonly query: SoqlQuery;
    };

export interface SoqlOrderKey {
  readonly field: SoqlFieldRef;
  readonly direction: 'ASC' | 'DESC';
  /** Salesforce sorts nulls first unless told otherwise, whatever the direction. */
  readonly nulls: 'FIRST' | 'LAST';
}

export interface SoqlQuery {
  readonly select: SoqlSelect;
  /** The object as written in FROM. */
  readonly from: string;
  readonly where: SoqlCondition | null;
  readonly orderBy: readonly SoqlOrderKey[];
  readonly limit: number | null;
  readonly offset: number | null;
}

/** Offsets into the query text of AST nodes (queries → their FROM object, field refs,
 *  literals, conditions → their operator), for error messages raised after parsing. */
export type SourcePositions = WeakMap<object, number>;
