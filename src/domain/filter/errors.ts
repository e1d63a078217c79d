// The one error the filter language throws for anything a person typed wrong.

/** A problem in a filter expression, with where it is so the UI can point at it. */
export class FilterSyntaxError extends Error {
  override readonly name = 'FilterSyntaxError';
  /** UTF-16 offset of the problem in the input (what String.slice and input selections use). */
  readonly position: number;
  /** UTF-16 offset just after the offending text (equal to position for a missing piece). */
  readonly end: number;
  /** The problem without the position, for showing under the input next to a marker. */
  readonly reason: string;
  /** The column whose filter has the problem, when filters of several columns are compiled together. */
  readonly columnId: string | undefined;

  constructor(reason: string, position: number, end: number = position, columnId?: string) {
    super(`${reason} at ${position}`);
    this.reason = reason;
    this.position = position;
    this.end = Math.max(end, position);
    this.columnId = columnId;
  }

  /** The same error attributed to a column. */
  forColumn(columnId: string): FilterSyntaxError {
    return new FilterSyntaxError(this.reason, this.position, this.end, columnId);
  }
}
