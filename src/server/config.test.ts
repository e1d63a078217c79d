import { describe, expect, it } from 'vitest';
import { toId18 } from '../domain/ids';
import { ConfigError, loadConfig, upgradeSettings } from './config';

const error = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('defaults to demo mode on embedded PGlite, port 5000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      demoMode: true,
      PORT: 5000,
      DATA_DIR: './.data',
      ENFORCE_ACTIVATION_POLICY: true,
      EXPAND_BLACKLIST: false,
      SESSION_TIMEOUT_HOURS: 2,
      SF_API_VERSION: '62.0',
      publicUrl: 'http://localhost:5000',
      salesforce: undefined,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads the variables of the console Pushboard replaces with the same meaning', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/pb',
      PORT: '8080',
      ENFORCE_ACTIVATION_POLICY: 'false',
      EXPAND_BLACKLIST: 'TRUE',
      ALLOWED_ORGS: '["00D000000000001"]',
      DENIED_ORGS: '["00D000000000002EAA"]',
      JOB_SCHEDULES: '{"fetch_interval_minutes":5,"org_monitor_interval_seconds":-1}',
      SUMO_URL: 'https://collectors.sumologic.com/receiver/v1/http/abc/',
      SESSION_TIMEOUT_HOURS: '8',
      FORCE_HTTPS: 'true',
      TRUST_PROXY: '1',
      HEROKU_APP_NAME: 'pushboard-prod',
    });
    expect(config).toMatchObject({
      DATABASE_URL: 'postgres://u@db:5432/pb',
      PORT: 8080,
      ENFORCE_ACTIVATION_POLICY: false,
      EXPAND_BLACKLIST: true,
      ALLOWED_ORGS: [toId18('00D000000000001')],
      DENIED_ORGS: ['00D000000000002EAA'],
      JOB_SCHEDULES: { fetch_interval_minutes: 5, org_monitor_interval_seconds: -1 },
      SUMO_URL: 'https://collectors.sumologic.com/receiver/v1/http/abc',
      SESSION_TIMEOUT_HOURS: 8,
      FORCE_HTTPS: true,
      HEROKU_APP_NAME: 'pushboard-prod',
      publicUrl: 'http://localhost:8080',
    });
  });

  it('trusts no proxy header unless told how many proxies stand in front', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be a number/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY must be 0 or more/);
    // Behind no trusted proxy the console cannot tell https from http: it would redirect forever.
    expect(() => loadConfig({ FORCE_HTTPS: 'true' })).toThrow(/FORCE_HTTPS needs TRUST_PROXY/);
  });

  it('leaves demo mode when a connected app is configured', () => {
    const config = loadConfig({
      SF_CLIENT_ID: 'id',
      SF_CLIENT_SECRET: 'secret',
      SECRET_KEY: 'k'.repeat(32),
    });
    expect(config.demoMode).toBe(false);
    expect(config.salesforce).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      loginUrl: 'https://login.salesforce.com',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 1 and 65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x")',
    ],
    [
      { FORCE_HTTPS: 'maybe' },
      'Invalid configuration: FORCE_HTTPS must be true or false (got "maybe")',
    ],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [
      { SESSION_TIMEOUT_HOURS: '0' },
      'Invalid configuration: SESSION_TIMEOUT_HOURS must be more than 0 (got "0")',
    ],
    [
      { ALLOWED_ORGS: '00D000000000001' },
      'Invalid configuration: ALLOWED_ORGS must be a JSON array of org ids',
    ],
    [
      { DENIED_ORGS: '["001000000000001"]' },
      'Invalid configuration: DENIED_ORGS must be a JSON array of 15- or 18-character org ids starting with 00D',
    ],
    [
      { DENIED_ORGS: '["00D000000000002AAA"]' },
      'DENIED_ORGS must be a JSON array of 15- or 18-character org ids',
    ],
    [{ JOB_SCHEDULES: '{"fetch_interval_minute":5}' }, 'Invalid configuration: JOB_SCHEDULES'],
    [
      { JOB_SCHEDULES: '{"fetch_interval_minutes":"5"}' },
      'Invalid configuration: JOB_SCHEDULES fetch_interval_minutes:',
    ],
    [{ JOB_SCHEDULES: 'every 5 minutes' }, 'Invalid configuration: JOB_SCHEDULES must be JSON'],
    [{ SUMO_URL: 'ftp://x' }, 'Invalid configuration: SUMO_URL must be an http(s) URL'],
    [
      { SF_CLIENT_ID: 'id' },
      'Invalid configuration: SF_CLIENT_SECRET must be set together with SF_CLIENT_ID and SF_CLIENT_SECRET',
    ],
    [
      { SF_CLIENT_ID: 'id', SF_CLIENT_SECRET: 's' },
      'Invalid configuration: SECRET_KEY is required when Salesforce settings are given',
    ],
    [
      { SF_API_VERSION: 'v62' },
      'Invalid configuration: SF_API_VERSION must look like 62.0 (got "v62")',
    ],
    [
      { AUTH_ORG_ID: 'nope' },
      'Invalid configuration: AUTH_ORG_ID must be a 15- or 18-character org id',
    ],
  ])('%j → %s', (env, expected) => {
    expect(error(env as Record<string, string>)).toContain(expected);
  });

  it('never echoes secret values in the error line', () => {
    expect(error({ SECRET_KEY: 'short-secret' })).toBe(
      'Invalid configuration: SECRET_KEY must be at least 32 characters (e.g. openssl rand -hex 32)',
    );
    expect(error({ ADMIN_ACCESS_KEY: 'tiny' })).not.toContain('tiny');
  });
});

describe('upgradeSettings', () => {
  it('gives the services the org lists and the activation policy of the configuration', () => {
    const denied = '00D000000000001';
    const allowed = '00D000000000002';
    const config = loadConfig({
      DENIED_ORGS: JSON.stringify([denied]),
      ALLOWED_ORGS: JSON.stringify([allowed]),
      EXPAND_BLACKLIST: 'true',
      ENFORCE_ACTIVATION_POLICY: 'false',
    });
    expect(upgradeSettings(config)).toEqual({
      lists: {
        deniedOrgs: [toId18(denied)],
        expandByAccount: true,
        allowedOrgs: [toId18(allowed)],
      },
      enforceActivationPolicy: false,
    });
  });

  it('by default blacklists nobody beyond the groups, allows everyone and enforces the policy', () => {
    expect(upgradeSettings(loadConfig({}))).toEqual({
      lists: { deniedOrgs: [], expandByAccount: false, allowedOrgs: [] },
      enforceActivationPolicy: true,
    });
  });
});
