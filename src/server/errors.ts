// Typed errors that services throw; the error handler turns each into `{message, subject}`
// JSON with its status. Anything else is a 500 whose details stay in the log.
import type { SchedulePreview } from '../domain/api/upgrade-actions';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly subject: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request is wrong; `field` names the offending input. */
export class InvalidError extends AppError {
  constructor(message: string, field?: string) {
    super(400, 'Invalid Request', message, field);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in.') {
    super(401, 'Unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, 'Forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, 'Not Found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'Conflict', message);
  }
}

/** 409: a schedule would reach no org; the body carries the preview that says why. */
export class NothingToScheduleError extends ConflictError {
  constructor(
    message: string,
    readonly preview: SchedulePreview,
  ) {
    super(message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, 'Too Many Requests', message);
  }
}

/** 502: Salesforce refused or failed; the message is Salesforce's own, which is safe to show. */
export class SalesforceError extends AppError {
  constructor(
    message: string,
    readonly errorCode?: string,
  ) {
    super(502, 'Salesforce Error', message);
  }
}

export interface ErrorBody {
  message: string;
  subject: string;
  field?: string;
  /** A refused schedule's preview: which orgs were left out and why. */
  preview?: SchedulePreview;
}
