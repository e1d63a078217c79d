// Salesforce's planned maintenance windows per instance, as the Trust API lists them
// (api.status.salesforce.com/v1/maintenances). Generated windows recur weekly per instance and
// begin no sooner than three days after the simulator starts, so a test or a demo never meets one
// by chance; tests and demos add the windows they need through the control interface.
import { INSTANCES } from './instances';

export interface MaintenanceWindow {
  readonly id: string;
  readonly name: string;
  /** Trust API's message.maintenanceType: 'release' for a major release, else 'systemMaintenance'. */
  readonly maintenanceType: 'release' | 'systemMaintenance';
  /** Trust API's message.availability during the window. */
  readonly availability: 'fullyAvailable' | 'readOnly' | 'unavailable';
  readonly instanceKeys: readonly string[];
  readonly plannedStart: number;
  readonly plannedEnd: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** Generated windows: this many weeks of them, from three days after the start. */
const GENERATED_WEEKS = 4;
const FIRST_AFTER_MS = 3 * DAY_MS;

export class MaintenanceCalendar {
  private readonly windows: MaintenanceWindow[] = [];
  private added = 0;

  /** `startMs`: the simulator's clock when it started. */
  constructor(startMs: number) {
    const firstDay = Math.floor((startMs + FIRST_AFTER_MS) / DAY_MS) * DAY_MS + DAY_MS;
    INSTANCES.forEach((instance, i) => {
      for (let week = 0; week < GENERATED_WEEKS; week++) {
        // Each instance on its own weekday, late evening or night UTC, two hours.
        const start = firstDay + week * WEEK_MS + (i % 7) * DAY_MS + (20 + (i % 5)) * HOUR_MS;
        this.windows.push({
          id: `gen-${instance.key}-${week}`,
          name: `${instance.key} system maintenance`,
          maintenanceType: 'systemMaintenance',
          availability: 'fullyAvailable',
          instanceKeys: [instance.key],
          plannedStart: start,
          plannedEnd: start + 2 * HOUR_MS,
        });
      }
    });
  }

  /** Windows that end after `sinceMs`, earliest start first. */
  list(sinceMs: number): MaintenanceWindow[] {
    return this.windows
      .filter((w) => w.plannedEnd > sinceMs)
      .sort((a, b) => a.plannedStart - b.plannedStart || (a.id < b.id ? -1 : 1));
  }

  /** Adds a window on known instances; RangeError for an unknown instance or an empty span. */
  add(window: Omit<MaintenanceWindow, 'id'>): MaintenanceWindow {
    const unknown = window.instanceKeys.filter((key) => !INSTANCES.some((i) => i.key === key));
    if (window.instanceKeys.length === 0 || unknown.length > 0) {
      throw new RangeError(`unknown instance ${unknown.join(', ') || '(none given)'}`);
    }
    if (!(window.plannedEnd > window.plannedStart)) {
      throw new RangeError('a maintenance window must end after it starts');
    }
    const added = { ...window, id: `added-${++this.added}` };
    this.windows.push(added);
    return added;
  }

  /** Removes every window, generated ones too. */
  clear(): void {
    this.windows.length = 0;
  }
}
