// The simulator's clock. Every timestamp the simulator writes, every token expiry and every push
// step reads it, so a test on the 'manual' pace controls time completely with advance().

export type SimPace = 'instant' | 'fast' | 'realistic' | 'manual';

export const SIM_PACES: readonly SimPace[] = ['instant', 'fast', 'realistic', 'manual'];

export class SimClock {
  private manualMs: number;
  private offsetMs = 0;

  constructor(
    private currentPace: SimPace,
    startMs: number = Date.now(),
  ) {
    this.manualMs = startMs;
  }

  get pace(): SimPace {
    return this.currentPace;
  }

  now(): number {
    return this.currentPace === 'manual' ? this.manualMs : Date.now() + this.offsetMs;
  }

  /** Moves time forward. On the manual pace this is the only way time passes. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError('advance() takes a non-negative number of ms');
    if (this.currentPace === 'manual') this.manualMs += ms;
    else this.offsetMs += ms;
  }

  /** Changes pace without time jumping backwards or forwards. */
  setPace(pace: SimPace): void {
    const now = this.now();
    this.currentPace = pace;
    if (pace === 'manual') this.manualMs = now;
    else this.offsetMs = now - Date.now();
  }
}
