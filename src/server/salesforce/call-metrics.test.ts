// Failure classes for the Salesforce error metric, from errors shaped as jsforce and the network
// raise them (the gateway test and /metrics test see the real ones from the simulator).
import { describe, expect, it } from 'vitest';
import { SalesforceError } from '../errors';
import { codeClassOf } from './call-metrics';

const salesforce = (errorCode: string) =>
  Object.assign(new Error(`${errorCode}: refused`), { errorCode });

describe('codeClassOf', () => {
  it.each([
    [Object.assign(new Error('expired access/refresh token'), { name: 'invalid_grant' }), 'auth'],
    [salesforce('INVALID_SESSION_ID'), 'auth'],
    [new SalesforceError('not authorized; connect it again', 'invalid_grant'), 'auth'],
    [salesforce('REQUEST_LIMIT_EXCEEDED'), 'rate_limit'],
    [salesforce('SERVER_UNAVAILABLE'), 'server'],
    // jsforce's code for an answer that is not a Salesforce error body.
    [salesforce('ERROR_HTTP_503'), 'server'],
    [Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'network'],
    [new TypeError('fetch failed'), 'network'],
    [salesforce('INVALID_FIELD'), 'client'],
    [salesforce('MALFORMED_QUERY'), 'client'],
  ])('%s → %s', (error, expected) => {
    expect(codeClassOf(error)).toBe(expected);
  });
});
