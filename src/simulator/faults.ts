// Fault injection per org, for exercising the product's retry, back-off and re-authentication paths:
// added latency, 5xx answers, dropped connections, answers lost after the work was done (a client
// timeout after Salesforce committed), REQUEST_LIMIT_EXCEEDED, tokens that expire on the spot and
// requests that hang without an answer (a client's timeout is all that ends them). Rates are shares
// of API requests (0–1); draws come from a seeded sequence, so a test run sees the same faults every
// time. The injector counts what it decided, so a test can report how many faults it survived.
import { Rng } from './data/rng';

export interface FaultRates {
  /** Added to every API request of the org. */
  latencyMs?: number;
  /** Random extra latency, uniform in [0, latencyJitterMs]. */
  latencyJitterMs?: number;
  /** Share answered 500 UNKNOWN_EXCEPTION or 503 SERVER_UNAVAILABLE. */
  serverErrorRate?: number;
  /** Share whose connection is destroyed without an answer. */
  dropRate?: number;
  /** Share answered 403 REQUEST_LIMIT_EXCEEDED. */
  requestLimitRate?: number;
  /** Share whose (valid) access token is expired on the spot: 401 INVALID_SESSION_ID. */
  tokenExpiryRate?: number;
  /**
   * Share carried out in full (records saved) whose answer never arrives: the connection is
   * destroyed instead, as when a client times out while Salesforce commits.
   */
  lostAnswerRate?: number;
  /**
   * Share that hangs: nothing is done and no answer comes until the client gives up (closes the
   * connection) — what a client's request timeout exists for.
   */
  hangRate?: number;
}

/** Rates for every org, with overrides per org (keyed by org id, namespace or 'lma'). */
export interface FaultSettings extends FaultRates {
  orgs?: Record<string, FaultRates>;
}

export type FaultAction =
  'none' | 'drop' | 'serverError' | 'requestLimit' | 'expireToken' | 'loseAnswer' | 'hang';

/** Decisions taken since the injector started (or since resetCounts), per action. */
export type FaultCounts = Record<FaultAction, number>;

const noCounts = (): FaultCounts => ({
  none: 0,
  drop: 0,
  serverError: 0,
  requestLimit: 0,
  expireToken: 0,
  loseAnswer: 0,
  hang: 0,
});

export interface FaultDecision {
  readonly latencyMs: number;
  readonly action: FaultAction;
  /** For 'serverError': 500 UNKNOWN_EXCEPTION or 503 SERVER_UNAVAILABLE. */
  readonly serverStatus: 500 | 503;
}

const RATE_KEYS = [
  'serverErrorRate',
  'dropRate',
  'requestLimitRate',
  'tokenExpiryRate',
  'lostAnswerRate',
  'hangRate',
] as const;

export function validateRates(rates: FaultRates): FaultRates {
  for (const key of RATE_KEYS) {
    const value = rates[key];
    if (value !== undefined && !(value >= 0 && value <= 1))
      throw new RangeError(`${key} must be between 0 and 1`);
  }
  for (const key of ['latencyMs', 'latencyJitterMs'] as const) {
    const value = rates[key];
    if (value !== undefined && !(value >= 0 && Number.isFinite(value)))
      throw new RangeError(`${key} must be ≥ 0`);
  }
  return { ...rates };
}

export class FaultInjector {
  private all: FaultRates = {};
  private readonly perOrg = new Map<string, FaultRates>();
  private readonly rng: Rng;
  private tally: FaultCounts = noCounts();

  /** `resolve` turns a selector (org id, namespace, 'lma') into an org's 15-character id. */
  constructor(
    seed: number,
    private readonly resolve: (selector: string) => string | undefined,
  ) {
    this.rng = Rng.for(seed, 'faults');
  }

  configure(settings: FaultSettings | undefined): void {
    this.clear();
    if (!settings) return;
    const { orgs, ...all } = settings;
    this.set('all', all);
    for (const [selector, rates] of Object.entries(orgs ?? {})) this.set(selector, rates);
  }

  /** Sets the rates of one org, or of every org with 'all'; null removes them. */
  set(selector: string, rates: FaultRates | null): void {
    if (selector === 'all') {
      this.all = rates ? validateRates(rates) : {};
      return;
    }
    const orgId = this.resolve(selector);
    if (!orgId) throw new RangeError(`unknown org ${selector}`);
    if (rates) this.perOrg.set(orgId, validateRates(rates));
    else this.perOrg.delete(orgId);
  }

  clear(): void {
    this.all = {};
    this.perOrg.clear();
  }

  ratesFor(orgId15: string): FaultRates {
    return { ...this.all, ...this.perOrg.get(orgId15) };
  }

  snapshot(): { all: FaultRates; orgs: Record<string, FaultRates> } {
    return { all: { ...this.all }, orgs: Object.fromEntries(this.perOrg) };
  }

  /** How many API requests got each action since the start or the last resetCounts(). */
  counts(): FaultCounts {
    return { ...this.tally };
  }

  resetCounts(): void {
    this.tally = noCounts();
  }

  decide(orgId15: string): FaultDecision {
    const decision = this.draw(orgId15);
    this.tally[decision.action]++;
    return decision;
  }

  private draw(orgId15: string): FaultDecision {
    const rates = this.ratesFor(orgId15);
    const jitter = rates.latencyJitterMs ? this.rng.next() * rates.latencyJitterMs : 0;
    const latencyMs = Math.round((rates.latencyMs ?? 0) + jitter);
    const roll = this.rng.next();
    const serverStatus = this.rng.next() < 0.5 ? 500 : 503;
    let threshold = 0;
    const actions: [FaultAction, number | undefined][] = [
      ['drop', rates.dropRate],
      ['serverError', rates.serverErrorRate],
      ['requestLimit', rates.requestLimitRate],
      ['expireToken', rates.tokenExpiryRate],
      // Last, so that the draws of the other kinds stay what they were before it existed.
      ['loseAnswer', rates.lostAnswerRate],
      // After the others for the same reason.
      ['hang', rates.hangRate],
    ];
    for (const [action, rate] of actions) {
      threshold += rate ?? 0;
      if (roll < threshold) return { latencyMs, action, serverStatus };
    }
    return { latencyMs, action: 'none', serverStatus };
  }
}
