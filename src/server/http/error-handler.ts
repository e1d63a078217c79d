// One place that turns every failure into the JSON body the web app expects.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody } from '../errors';

const SUBJECTS: Record<number, string> = {
  400: 'Invalid Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
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

export function toErrorBody(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message, subject: error.subject };
    if (error.field) body.field = error.field;
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
