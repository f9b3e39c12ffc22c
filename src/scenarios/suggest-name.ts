const MAX_DISTANCE = 2;
const MIN_PREFIX = 3;

/** Optimal string alignment distance: Levenshtein plus transposition of adjacent characters. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table: number[] = new Array(rows * columns).fill(0);
  const at = (i: number, j: number): number => table[i * columns + j] ?? 0;
  for (let i = 0; i < rows; i++) table[i * columns] = i;
  for (let j = 0; j < columns; j++) table[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      table[i * columns + j] = best;
    }
  }
  return at(rows - 1, columns - 1);
}

/**
 * The candidate closest to `name` (case-insensitive edit distance at most 2), else the one
 * candidate that `name` starts or is started by (at least 3 characters shared); else `undefined`.
 */
export function suggestName(name: string, candidates: readonly string[]): string | undefined {
  const wanted = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = MAX_DISTANCE + 1;
  for (const candidate of candidates) {
    // The distance is at least the difference in length: skip the quadratic table for a long name.
    const lower = candidate.toLowerCase();
    if (Math.abs(wanted.length - lower.length) > MAX_DISTANCE) continue;
    const distance = editDistance(wanted, lower);
    if (distance < bestDistance && distance < Math.max(wanted.length, 1)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined) return best;
  if (wanted.length < MIN_PREFIX) return undefined;
  const prefixed = candidates.filter((candidate) => {
    const lower = candidate.toLowerCase();
    return lower.startsWith(wanted) || wanted.startsWith(lower);
  });
  return prefixed.length === 1 ? prefixed[0] : undefined;
}
