/**
 * A small, fast, seeded generator (mulberry32). Same seed, same sequence.
 * Returns numbers in [0, 1).
 */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic ids: `<prefix>-<12 hex chars>` drawn from the given generator. */
export function createIdGenerator(random: () => number): (prefix: string) => string {
  return (prefix) => {
    let hex = "";
    for (let i = 0; i < 3; i++) {
      hex += Math.floor(random() * 0x10000)
        .toString(16)
        .padStart(4, "0");
    }
    return `${prefix}-${hex}`;
  };
}

/** FNV-1a hash of a string to a 32-bit seed. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
