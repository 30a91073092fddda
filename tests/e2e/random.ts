// Seeded randomness for the browser tests: every random choice a test makes (names, emails, codes,
// amounts) comes from a stream seeded by the run's E2E_SEED (chosen and printed by
// playwright.config.ts, or given to replay a run) and the test's own id and repeat index, so two
// tests never share a stream and a failure is replayed with `E2E_SEED=<seed> npx playwright test …`.
// The seed is printed with every failure (fixtures.ts).

/** A test's reproducible random stream. */
export interface TestRandom {
  /** The seed of this run (E2E_SEED). */
  readonly seed: string;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** `length` characters of [a-z0-9]: a name or code suffix. */
  word(length?: number): string;
  /** An address nobody else in this run has: `<prefix>-<word>@example.test`. */
  email(prefix?: string): string;
}

/** FNV-1a of `text`: a 32-bit seed from a string. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: a small, good-enough 32-bit generator (not for anything but tests). */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The stream of one test run: `seed` mixed with the test's id and its repeat index. */
export function testRandom(seed: string, testId: string, repeatEachIndex: number): TestRandom {
  const next = mulberry32(hash32(`${seed}:${testId}:${repeatEachIndex}`));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const word = (length = 8) =>
    Array.from({ length }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[int(0, 35)]).join('');
  return { seed, next, int, word, email: (prefix = 'e2e') => `${prefix}-${word(12)}@example.test` };
}
