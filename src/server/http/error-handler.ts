// One place that turns every failure into the JSON body the web app expects.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, NothingToScheduleError, type ErrorBody } from '../errors';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../db/database-errors';

const SUBJECTS: Record<number, string> = {
  400: 'Invalid Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorBody(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, message: body.message }, 'request rejected');
    return reply.status(status).type('application/json').send(body);
  });
}

/**
 * Errors Fastify raises before a route is chosen (Fastify's `frameworkErrors` option): a path
 * parameter longer than the router takes (414) or one that is not valid %-encoding (400). Without
 * this they got Fastify's own body, which names no field and echoes the whole path back.
 */
export function sendFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  const message =
    status === 414 ? 'params: a path parameter is too long' : 'params: the path is not valid';
  const body: ErrorBody = {
    message,
    subject: SUBJECTS[status] ?? 'Invalid Request',
    field: 'params',
  };
  void reply.status(status).type('application/json').send(body);
}

/**
 * Fastify's content-type parser refuses a body before any schema sees it: text that is not JSON
 * (or JSON with a `__proto__` or `constructor.prototype` key, which Fastify's parser rejects),
 * an empty body under a JSON content type, a content type no parser takes, a body shorter or
 * longer than its Content-Length. Each is the client's fault and names `body`.
 */
const BODY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    message: 'body: is not valid JSON (or holds a __proto__ or constructor.prototype key)',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'body: is empty, but its content type says JSON',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'body: this content type is not accepted; send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'body: its length does not match the Content-Length header',
  },
};

export function toErrorBody(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message, subject: error.subject };
    if (error.field) body.field = error.field;
    if (error instanceof NothingToScheduleError) body.preview = error.preview;
    return { status: error.statusCode, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const field =
      path || String((first?.params as { missingProperty?: string })?.missingProperty ?? '');
    const where = field || error.validationContext || 'request';
    return {
      status: 400,
      body: {
        message: `${where}: ${first?.message ?? 'is invalid'}`,
        subject: 'Invalid Request',
        field: where,
      },
    };
  }
  const bodyError = typeof error.code === 'string' ? BODY_ERRORS[error.code] : undefined;
  if (bodyError) {
    return {
      status: bodyError.status,
      body: {
        message: bodyError.message,
        subject: SUBJECTS[bodyError.status] ?? 'Invalid Request',
        field: 'body',
      },
    };
  }
  // A lost database connection met outside our SqlClient (the ORM, pg-boss): 503, not 500.
  if (isDatabaseUnavailable(error)) {
    const unavailable = new DatabaseUnavailableError();
    return {
      status: unavailable.statusCode,
      body: { message: unavailable.message, subject: unavailable.subject },
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: { message: error.message, subject: SUBJECTS[status] ?? 'Request Failed' },
    };
  }
  return {
    status: 500,
    body: { message: 'Something went wrong on the server.', subject: 'Server Error' },
  };
}
