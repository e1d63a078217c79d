// Which database failures mean "unreachable, try again" (503) and which are the query's own (a
// constraint, a bug): the outage test (pg-outage.test.ts, PostgreSQL only) meets the first kind
// for real; this pins the classification on every run.
import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toErrorBody } from '../http/error-handler';
import {
  asDatabaseError,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
} from './database-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('database unavailability', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'the server shutting down',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['the server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a socket ended mid-query', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'a query on a dead client',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
  ])('%s is unavailability', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const wrapped = asDatabaseError(error);
    expect(wrapped).toBeInstanceOf(DatabaseUnavailableError);
    expect((wrapped as DatabaseUnavailableError).cause).toBe(error);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['any other error', new Error('boom')],
    ['not an error', 'Connection terminated'],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(asDatabaseError(error)).toBe(error);
  });

  it('answers 503 with a JSON message, raw or typed, and 500 for other failures', () => {
    const body = {
      message: 'The database is unavailable at the moment. Please try again in a few seconds.',
      subject: 'Service Unavailable',
    };
    const raw = new Error('Connection terminated unexpectedly') as FastifyError;
    expect(toErrorBody(raw)).toEqual({ status: 503, body });
    expect(toErrorBody(new DatabaseUnavailableError() as unknown as FastifyError)).toEqual({
      status: 503,
      body,
    });
    expect(toErrorBody(withCode('duplicate key', '23505') as FastifyError).status).toBe(500);
  });
});
