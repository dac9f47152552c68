/**
 * A seeded pseudo-random source (mulberry32) for generators of test data (a simulated core, a
 * demo data set): the "random" spread of a generated data set is the same on every run, so
 * committed files can be regenerated exactly.
 */
export interface SeededRandom {
  /** The next number in [0, 1). */
  rand(): number;
  /** The next integer in [min, max], both included. */
  randInt(min: number, max: number): number;
}

export function seededRandom(seed: number): SeededRandom {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { rand, randInt: (min, max) => min + Math.floor(rand() * (max - min + 1)) };
}
