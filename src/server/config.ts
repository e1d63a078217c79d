// Every environment variable Pushboard reads, parsed and validated once at boot.
// Names follow the console Pushboard replaces where they mean the same thing, so its operators can
// migrate.
import { z } from 'zod';
import { KEY_PREFIXES, toId18 } from '../domain/ids';

/** A valid org id (15 or 18 characters) in its canonical 18-character form, or null. */
const orgId18 = (value: string) => toId18(value, KEY_PREFIXES.organization);

/** 'true'/'false' (any case, also 1/0, yes/no); anything else is an error, not silently false. */
const booleanFlag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (['true', '1', 'yes'].includes(value)) return true;
      if (['false', '0', 'no'].includes(value)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    });

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** A JSON array of 15- or 18-character org ids (ALLOWED_ORGS / DENIED_ORGS). */
const orgIdList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of org ids, e.g. ["00D..."]' });
      return z.NEVER;
    }
    const ids = z.array(z.string()).safeParse(parsed);
    const canonical = ids.success ? ids.data.map(orgId18) : [null];
    const valid = canonical.filter((id): id is string => id !== null);
    if (valid.length !== canonical.length) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON array of 15- or 18-character org ids starting with 00D',
      });
      return z.NEVER;
    }
    return valid;
  });

const interval = z.number().int().min(-1).optional();
const jobSchedulesShape = z
  .object({
    org_monitor_interval_seconds: interval,
    upgrade_monitor_interval_seconds: interval,
    fetch_interval_minutes: interval,
    fetch_all_interval_days: interval,
    upload_orgs_interval_hours: interval,
  })
  .strict();
export type JobSchedules = z.infer<typeof jobSchedulesShape>;

const jobSchedules = z
  .string()
  .optional()
  .transform((value, ctx): JobSchedules | undefined => {
    if (!value?.trim()) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"fetch_interval_minutes":5}' });
      return z.NEVER;
    }
    const result = jobSchedulesShape.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      ctx.addIssue({ code: 'custom', message: `${where}${issue?.message ?? 'invalid'}` });
      return z.NEVER;
    }
    return result.data;
  });

/**
 * SECRET_KEY: one key, or 'new,previous[,older…]' while rotating (the first seals, all open).
 * Messages never echo a key.
 */
const secretKeyList = optionalText.transform((value, ctx): string[] => {
  if (value === undefined) return [];
  const keys = value.split(',').map((key) => key.trim());
  if (keys.some((key) => key.length < 32)) {
    ctx.addIssue({
      code: 'custom',
      message:
        keys.length > 1
          ? 'must list keys of at least 32 characters each, separated by commas (new,previous)'
          : 'must be at least 32 characters (e.g. openssl rand -hex 32)',
    });
    return z.NEVER;
  }
  if (new Set(keys).size !== keys.length) {
    ctx.addIssue({ code: 'custom', message: 'must not list the same key twice' });
    return z.NEVER;
  }
  return keys;
});

const port = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(fallback);

const perMinute = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a number of requests per minute' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(fallback);

/** A port that may be left unset (empty counts as unset). */
const optionalPort = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .optional(),
);

const httpUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const postgresUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
    message: 'must be a postgres:// or postgresql:// URL',
  });

const envSchema = z.object({
  DATABASE_URL: postgresUrl,
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  PORT: port(5000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SECRET_KEY: secretKeyList,
  SESSION_TIMEOUT_HOURS: z.coerce
    .number({ message: 'must be a number of hours' })
    .positive('must be more than 0')
    .max(24 * 30, 'must be at most 720 hours')
    .default(2),
  /** Absolute session lifetime: a session ends this long after sign-in, however active. */
  SESSION_MAX_HOURS: z.coerce
    .number({ message: 'must be a number of hours' })
    .positive('must be more than 0')
    .max(24 * 30, 'must be at most 720 hours')
    .default(24),
  /** List exports per user and minute, counted in each web process. */
  RATE_LIMIT_EXPORTS_PER_MINUTE: perMinute(10),
  /** Global searches per user and minute, counted in each web process. */
  RATE_LIMIT_SEARCH_PER_MINUTE: perMinute(120),
  /** API calls per personal API token and minute, counted in each web process. */
  RATE_LIMIT_TOKEN_PER_MINUTE: perMinute(600),
  FORCE_HTTPS: booleanFlag(false),
  /**
   * How many reverse proxies stand in front of the console (Heroku's router: 1). The client
   * address is read that many hops from the right of X-Forwarded-For; 0 trusts no header at all,
   * so a client cannot choose the address its sign-in attempts are counted under.
   */
  TRUST_PROXY: z.coerce
    .number({ message: 'must be a number of proxy hops' })
    .int('must be a whole number of proxy hops')
    .min(0, 'must be 0 or more')
    .max(10, 'must be at most 10')
    .default(0),
  ADMIN_ACCESS_KEY: optionalText.refine((value) => value === undefined || value.length >= 12, {
    message: 'must be at least 12 characters',
  }),
  ENFORCE_ACTIVATION_POLICY: booleanFlag(true),
  JOB_SCHEDULES: jobSchedules,
  EXPAND_BLACKLIST: booleanFlag(false),
  ALLOWED_ORGS: orgIdList,
  DENIED_ORGS: orgIdList,
  SUMO_URL: httpUrl.optional(),
  HEROKU_APP_NAME: optionalText,
  AUTH_ORG_ID: optionalText
    .refine((value) => value === undefined || orgId18(value) !== null, {
      message: 'must be a 15- or 18-character org id starting with 00D',
    })
    .transform((value) => (value === undefined ? undefined : (orgId18(value) ?? undefined))),
  SF_CLIENT_ID: optionalText,
  SF_CLIENT_SECRET: optionalText,
  SF_LOGIN_URL: httpUrl.optional(),
  /** Where Add Org with shift logs in to a sandbox (demo mode: the simulator's sandbox host). */
  SF_SANDBOX_LOGIN_URL: httpUrl.default('https://test.salesforce.com'),
  /** Trust API base for instance locations and releases (<base>/v1/instances). */
  SF_STATUS_URL: httpUrl.default('https://api.status.salesforce.com'),
  SF_API_VERSION: z
    .string()
    .trim()
    .regex(/^\d{2,3}\.0$/, 'must look like 62.0')
    .default('62.0'),
  SIM_PORT: port(5001),
  SIM_PACE: z.enum(['instant', 'fast', 'realistic', 'manual']).default('fast'),
  /** Bearer token Prometheus sends to GET /metrics; unset: /metrics answers 404. */
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
    message: 'must be at least 16 characters (e.g. openssl rand -hex 24)',
  }),
  /** A worker process (ROLE=worker) serves /metrics on this port; needs METRICS_TOKEN. */
  METRICS_PORT: optionalPort,
});

export type Env = z.infer<typeof envSchema>;

/** Every environment variable Pushboard reads (the deploy files are checked against it). */
export const CONFIG_KEYS = Object.keys(envSchema.shape) as (keyof Env)[];

export interface Config extends Omit<
  Env,
  'SF_CLIENT_ID' | 'SF_CLIENT_SECRET' | 'SF_LOGIN_URL' | 'SECRET_KEY'
> {
  /** The current SECRET_KEY (the first of the list): sealing tokens and signing. */
  SECRET_KEY: string | undefined;
  /** Every SECRET_KEY, current first; the others only open values sealed before a rotation. */
  secretKeys: string[];
  /** No Salesforce connected app configured: run the built-in simulator with demo data. */
  demoMode: boolean;
  /** The connected app; in demo mode it is filled in by the composition root from the simulator. */
  salesforce: { clientId: string; clientSecret: string; loginUrl: string } | undefined;
  publicUrl: string;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
  }
}

/** Parse the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const value = env[variable];
    const shown =
      value !== undefined && !/SECRET|KEY|TOKEN/.test(variable) ? ` (got "${value}")` : '';
    throw new ConfigError(variable, `${issue?.message ?? 'is invalid'}${shown}`);
  }
  const {
    SF_CLIENT_ID,
    SF_CLIENT_SECRET,
    SF_LOGIN_URL,
    SECRET_KEY: secretKeys,
    ...rest
  } = result.data;
  if (result.data.METRICS_PORT !== undefined && !result.data.METRICS_TOKEN) {
    throw new ConfigError('METRICS_PORT', 'needs METRICS_TOKEN (the scrape credential)');
  }
  if (result.data.FORCE_HTTPS && result.data.TRUST_PROXY === 0) {
    // The console itself serves plain HTTP: without a trusted proxy saying the request came over
    // HTTPS, every request would be redirected again, forever.
    throw new ConfigError(
      'FORCE_HTTPS',
      'needs TRUST_PROXY: the number of proxies in front of the console, the outermost ending HTTPS (Heroku: 1)',
    );
  }
  if (Boolean(SF_CLIENT_ID) !== Boolean(SF_CLIENT_SECRET)) {
    const missing = SF_CLIENT_ID ? 'SF_CLIENT_SECRET' : 'SF_CLIENT_ID';
    throw new ConfigError(missing, 'must be set together with SF_CLIENT_ID and SF_CLIENT_SECRET');
  }
  const demoMode = !SF_CLIENT_ID;
  if (!demoMode && secretKeys.length === 0) {
    throw new ConfigError('SECRET_KEY', 'is required when Salesforce settings are given');
  }
  return {
    ...rest,
    SECRET_KEY: secretKeys[0],
    secretKeys,
    demoMode,
    salesforce:
      SF_CLIENT_ID && SF_CLIENT_SECRET
        ? {
            clientId: SF_CLIENT_ID,
            clientSecret: SF_CLIENT_SECRET,
            loginUrl: SF_LOGIN_URL ?? 'https://login.salesforce.com',
          }
        : undefined,
    publicUrl: rest.PUBLIC_URL ?? `http://localhost:${rest.PORT}`,
  };
}

/** Whom upgrades may reach and who may activate them, as the services take it. */
export interface UpgradeSettings {
  /**
   * DENIED_ORGS and EXPAND_BLACKLIST (what the org lists and scheduling count as blacklisted)
   * and ALLOWED_ORGS (when not empty, the only orgs scheduling may reach).
   */
  lists: {
    readonly deniedOrgs: readonly string[];
    readonly expandByAccount: boolean;
    readonly allowedOrgs: readonly string[];
  };
  /** ENFORCE_ACTIVATION_POLICY: nobody activates an upgrade or request they created. */
  enforceActivationPolicy: boolean;
}

/** The upgrade settings of a configuration. */
export function upgradeSettings(
  config: Pick<
    Config,
    'DENIED_ORGS' | 'EXPAND_BLACKLIST' | 'ALLOWED_ORGS' | 'ENFORCE_ACTIVATION_POLICY'
  >,
): UpgradeSettings {
  return {
    lists: {
      deniedOrgs: config.DENIED_ORGS,
      expandByAccount: config.EXPAND_BLACKLIST,
      allowedOrgs: config.ALLOWED_ORGS,
    },
    enforceActivationPolicy: config.ENFORCE_ACTIVATION_POLICY,
  };
}
