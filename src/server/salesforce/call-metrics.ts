// Counts and times each attempt of a Salesforce call (retries are calls too: they spend the
// org's API limit), and sorts failures into a few code classes fit for a metric label.
import {
  recordSalesforceCall,
  type SalesforceCallKind,
  type SalesforceCodeClass,
} from '../metrics/registry';
import { classify, errorCodeOf, isInvalidGrant } from './errors';

/** Codes that mean the org's tokens or the connected app are not (or no longer) accepted. */
const AUTH_CODES = new Set([
  'INVALID_SESSION_ID',
  'INVALID_AUTH_HEADER',
  'INVALID_OPERATION_WITH_EXPIRED_PASSWORD',
  'invalid_client',
  'invalid_client_id',
  'unauthorized_client',
]);

export function codeClassOf(error: unknown): SalesforceCodeClass {
  const code = errorCodeOf(error);
  if (isInvalidGrant(error) || (code !== undefined && AUTH_CODES.has(code))) return 'auth';
  const transience = classify(error);
  if (transience === 'rate-limited') return 'rate_limit';
  if (transience === 'transient') return code ? 'server' : 'network';
  return 'client';
}

/** The same call, recorded in the process's metrics each time it runs. */
export function measured<T>(kind: SalesforceCallKind, fn: () => Promise<T>): () => Promise<T> {
  return async () => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const value = await fn();
      recordSalesforceCall(kind, seconds());
      return value;
    } catch (error) {
      recordSalesforceCall(kind, seconds(), codeClassOf(error));
      throw error;
    }
  };
}
