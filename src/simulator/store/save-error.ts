// A record-level failure, shaped as Salesforce reports it: in a SaveResult as
// {statusCode, message, fields}; as a single-record REST error as [{message, errorCode, fields}].

export class SaveError extends Error {
  constructor(
    readonly statusCode: string,
    message: string,
    readonly fields: readonly string[] = [],
  ) {
    super(message);
    this.name = 'SaveError';
  }

  toSaveResultError(): { statusCode: string; message: string; fields: string[] } {
    return { statusCode: this.statusCode, message: this.message, fields: [...this.fields] };
  }
}

export const INSUFFICIENT_ACCESS = (): SaveError =>
  new SaveError('INSUFFICIENT_ACCESS_OR_READONLY', 'insufficient access rights on object id');

export const CROSS_REFERENCE = (fieldName: string): SaveError =>
  new SaveError('INVALID_CROSS_REFERENCE_KEY', 'invalid cross reference id', [fieldName]);
