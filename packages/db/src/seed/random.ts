/**
 * A small seeded PRNG. The demo data must be the same for the same seed on every machine and in every
 * chunk order, so each property draws from its own stream derived from (seed, index) rather than from
 * one shared sequence.
 */

/** Mixes integers into one 32-bit hash (a murmur3-style finaliser), for deriving independent streams. */
export function hashInts(...values: number[]): number {
  let h = 0x9e3779b9
  for (const v of values) {
    h = Math.imul(h ^ (v | 0), 0x85ebca6b)
    h = (h << 13) | (h >>> 19)
    h = Math.imul(h, 0xc2b2ae35) ^ Math.imul((v / 0x100000000) | 0, 0x27d4eb2f)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** Hashes a string to 32 bits (FNV-1a), for stable per-name choices such as a town's postcode district. */
export function hashString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** A weighted choice: [value, weight] pairs. */
export type Weighted<T> = ReadonlyArray<readonly [T, number]>

/** A seeded random stream (mulberry32) with the helpers the generator needs. */
export class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** A stream for one item of one kind, independent of every other (seed, kind, index). */
  static for(seed: number, kind: number, index: number): Random {
    return new Random(hashInts(seed, kind, index))
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min)
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p
  }

  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** One value by weight. */
  weighted<T>(choices: Weighted<T>): T {
    let total = 0
    for (const [, w] of choices) total += w
    let r = this.next() * total
    for (const [value, w] of choices) {
      r -= w
      if (r < 0) return value
    }
    const last = choices[choices.length - 1]
    if (!last) throw new Error('weighted choice from an empty list')
    return last[0]
  }

  /** `count` distinct elements in random order (partial Fisher–Yates). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice()
    const n = Math.min(count, copy.length)
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i))
      const tmp = copy[i] as T
      copy[i] = copy[j] as T
      copy[j] = tmp
    }
    return copy.slice(0, n)
  }

  /** A normally distributed value (Box–Muller). */
  normal(mean: number, sd: number): number {
    const u = 1 - this.next()
    const v = this.next()
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  }

  /** A string of `length` characters from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = ''
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)]
    return out
  }
}
