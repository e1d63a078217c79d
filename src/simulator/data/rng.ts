// Seeded randomness. Every generated value is a pure function of (seed, stream, index), so a record
// can be rebuilt on demand from its index alone: that is what lets the `scale` dataset exist without
// holding a million records in memory, and what makes runs repeat exactly.

/** 32-bit avalanche mix (murmur3 finaliser). */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of a string into 32 bits (FNV-1a, then mixed). Used to name random streams. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Combines several integers into one well-mixed 32-bit value. */
export function hashInts(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    h = mix32(h ^ mix32(v + 0x7f4a7c15));
  }
  return h;
}

/** A small, fast sequence generator (mulberry32) seeded from a hash. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A fresh generator for one record of one stream: the same inputs always give the same values. */
  static for(seed: number, stream: string | number, index = 0): Rng {
    const streamHash = typeof stream === 'number' ? stream : hashString(stream);
    return new Rng(hashInts(seed, streamHash, index));
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  bool(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }

  /** Picks by weight: `weighted([['a', 3], ['b', 1]])` returns 'a' three times out of four. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new RangeError('weighted pick from an empty list');
    return last[0];
  }
}

/** Uniform float in [0, 1) for one (seed, stream, index) without allocating a generator. */
export function unit(seed: number, stream: number, index: number): number {
  return hashInts(seed, stream, index) / 4294967296;
}
