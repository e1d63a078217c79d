// API request accounting per org over a rolling 24 hours, for the `limits` resource, the
// Sforce-Limit-Info header and REQUEST_LIMIT_EXCEEDED once an org's allocation is spent.

const HOUR_MS = 3_600_000;

export class ApiUsage {
  /** org → hour bucket (ms since epoch / 1 h) → requests. */
  private readonly buckets = new Map<string, Map<number, number>>();

  constructor(
    private readonly now: () => number,
    private readonly maxFor: (orgId15: string) => number,
  ) {}

  max(orgId15: string): number {
    return this.maxFor(orgId15);
  }

  used(orgId15: string): number {
    const hours = this.buckets.get(orgId15);
    if (!hours) return 0;
    const oldest = Math.floor(this.now() / HOUR_MS) - 23;
    let total = 0;
    for (const [hour, count] of hours) {
      if (hour < oldest) hours.delete(hour);
      else total += count;
    }
    return total;
  }

  exhausted(orgId15: string): boolean {
    return this.used(orgId15) >= this.maxFor(orgId15);
  }

  record(orgId15: string): void {
    let hours = this.buckets.get(orgId15);
    if (!hours) this.buckets.set(orgId15, (hours = new Map<number, number>()));
    const hour = Math.floor(this.now() / HOUR_MS);
    hours.set(hour, (hours.get(hour) ?? 0) + 1);
  }

  reset(orgId15?: string): void {
    if (orgId15) this.buckets.delete(orgId15);
    else this.buckets.clear();
  }
}
