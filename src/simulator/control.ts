// The simulator's control interface for tests and demos (the same operations are served over HTTP
// under /__sim, see http/control.ts): the clock and pace, the push failure rate, fault injection per
// org, token expiry, direct data edits with chosen modified times, record counts and API usage.
import type { MaintenanceWindow } from './data/maintenances';
import { parseDateTime } from './data/time';
import type { FaultCounts, FaultRates } from './faults';
import type { SimPace } from './push/clock';
import type { FailureRule } from './push/engine';
import type { SimRuntime } from './runtime';
import type { SimOrg } from './store/family';
import { SaveError } from './store/save-error';
import { systemCreate, systemDelete, systemUpdate } from './store/system-writes';

export interface DataEditOptions {
  /** LastModifiedDate/SystemModstamp to stamp (default: the simulator's now). */
  modifiedAt?: Date | string;
}

export interface SimulatorControl {
  now(): Date;
  /** Moves the clock forward and runs every push step that became due. */
  advance(ms: number): Date;
  pace(): SimPace;
  setPace(pace: SimPace): void;
  failureRate(): number;
  setFailureRate(rate: number): void;
  /** Higher failure rates for pushes of a version, an edition or an instance (push/engine.ts). */
  failureRules(): readonly FailureRule[];
  setFailureRules(rules: readonly FailureRule[]): void;
  /** Fault rates of every org ('all') and per org. */
  faults(): { all: FaultRates; orgs: Record<string, FaultRates> };
  /** org: an org id, a package namespace, 'lma', or 'all'; null removes the org's rates. */
  setFaults(org: string, rates: FaultRates | null): void;
  clearFaults(): void;
  /** API requests per fault action decided since the start or the last resetFaultCounts(). */
  faultCounts(): FaultCounts;
  resetFaultCounts(): void;
  /** Expires live access tokens (optionally of one org or user); refresh tokens keep working. */
  expireTokens(filter?: { org?: string; username?: string }): number;
  getRecord(org: string, objectName: string, id: string): Record<string, unknown> | undefined;
  createRecord(
    org: string,
    objectName: string,
    fields: Record<string, unknown>,
    options?: DataEditOptions,
  ): Record<string, unknown>;
  updateRecord(
    org: string,
    objectName: string,
    id: string,
    fields: Record<string, unknown>,
    options?: DataEditOptions,
  ): Record<string, unknown>;
  deleteRecord(org: string, objectName: string, id: string): void;
  /** Records per object, per org id (or of one org). */
  counts(org?: string): Record<string, Record<string, number>>;
  apiUsage(org: string): { used: number; max: number };
  resetApiUsage(org?: string): void;
  /** Push requests currently Pending or InProgress. */
  activePushes(): number;
  /** Planned maintenance windows that end after `since` (default: the simulator's now). */
  maintenances(since?: Date): MaintenanceWindow[];
  addMaintenance(window: Omit<MaintenanceWindow, 'id'>): MaintenanceWindow;
  /** Removes every maintenance window, the generated ones too. */
  clearMaintenances(): void;
}

export class ControlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ControlError';
  }
}

export function createControl(rt: SimRuntime): SimulatorControl {
  const orgOf = (selector: string): SimOrg => {
    const org = rt.family.select(selector);
    if (!org) throw new ControlError(`unknown org ${selector}`);
    return org;
  };
  const stampOf = (options?: DataEditOptions): number => {
    const value = options?.modifiedAt;
    if (value === undefined) return rt.clock.now();
    const ms = value instanceof Date ? value.getTime() : parseDateTime(value);
    if (ms === undefined || Number.isNaN(ms))
      throw new ControlError(`invalid modifiedAt ${String(value)}`);
    return ms;
  };
  const guard = <T>(action: () => T): T => {
    try {
      return action();
    } catch (error) {
      if (error instanceof SaveError)
        throw new ControlError(`${error.statusCode}: ${error.message}`);
      if (error instanceof RangeError) throw new ControlError(error.message);
      throw error;
    }
  };

  return {
    now: () => new Date(rt.clock.now()),
    advance(ms) {
      guard(() => rt.clock.advance(ms));
      rt.engine.tick();
      return new Date(rt.clock.now());
    },
    pace: () => rt.clock.pace,
    setPace(pace) {
      if (!['instant', 'fast', 'realistic', 'manual'].includes(pace))
        throw new ControlError(`unknown pace ${String(pace)}`);
      rt.engine.setPace(pace);
    },
    failureRate: () => rt.engine.currentFailureRate,
    setFailureRate: (rate) => guard(() => rt.engine.setFailureRate(rate)),
    failureRules: () => rt.engine.currentFailureRules,
    setFailureRules: (rules) => guard(() => rt.engine.setFailureRules(rules)),
    faults: () => rt.faults.snapshot(),
    setFaults: (org, rates) => guard(() => rt.faults.set(org, rates)),
    clearFaults: () => rt.faults.clear(),
    faultCounts: () => rt.faults.counts(),
    resetFaultCounts: () => rt.faults.resetCounts(),
    expireTokens(filter = {}) {
      const org = filter.org ? orgOf(filter.org) : undefined;
      return rt.tokens.expire({
        ...(org ? { orgId15: org.id15 } : {}),
        ...(filter.username ? { username: filter.username } : {}),
      });
    },
    getRecord(org, objectName, id) {
      const row = orgOf(org).store.table(objectName)?.byId(id);
      return row ? { ...row } : undefined;
    },
    createRecord: (org, objectName, fields, options) =>
      guard(() => ({ ...systemCreate(orgOf(org), objectName, fields, stampOf(options)) })),
    updateRecord: (org, objectName, id, fields, options) =>
      guard(() => ({ ...systemUpdate(orgOf(org), objectName, id, fields, stampOf(options)) })),
    deleteRecord: (org, objectName, id) => guard(() => systemDelete(orgOf(org), objectName, id)),
    counts(org) {
      const orgs = org ? [orgOf(org)] : rt.family.all();
      return Object.fromEntries(orgs.map((o) => [o.id, o.store.counts()]));
    },
    apiUsage(org) {
      const { id15 } = orgOf(org);
      return { used: rt.usage.used(id15), max: rt.usage.max(id15) };
    },
    resetApiUsage(org) {
      rt.usage.reset(org ? orgOf(org).id15 : undefined);
    },
    activePushes: () => rt.engine.activeCount,
    maintenances: (since) => rt.maintenances.list(since?.getTime() ?? rt.clock.now()),
    addMaintenance: (window) => guard(() => rt.maintenances.add(window)),
    clearMaintenances: () => rt.maintenances.clear(),
  };
}
