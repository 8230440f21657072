/**
 * A small seeded pseudo-random generator (mulberry32): the same seed gives the same dataset on every
 * machine and every run, so a generated database can be cached and compared. Never Math.random.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** `count` distinct elements (fewer when the array is shorter), in the array's order. */
  some<T>(items: readonly T[], count: number): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)];
    },
    some: <T>(items: readonly T[], count: number): T[] => {
      const chosen = new Set<number>();
      while (chosen.size < Math.min(count, items.length)) chosen.add(int(0, items.length - 1));
      return [...chosen].sort((a, b) => a - b).map((index) => items[index]);
    },
  };
}
