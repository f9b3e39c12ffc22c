const MAX_DISTANCE = 2;
const MIN_SHARED = 3;

/** Edit distance with adjacent transpositions (optimal string alignment), on lower-cased text. */
function distance(from: string, to: string): number {
  const a = from.toLowerCase();
  const b = to.toLowerCase();
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current.push(best);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known key closest to `key` (case-insensitive edit distance ≤ 2 and shorter than the key),
 * else the one known key that `key` starts or is started by (≥ 3 characters shared), else
 * `undefined`. Ties go to the first candidate.
 */
export function configSuggestKey(key: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = MAX_DISTANCE + 1;
  for (const candidate of candidates) {
    const found = distance(key, candidate);
    if (found < bestDistance && found < key.length) {
      best = candidate;
      bestDistance = found;
    }
  }
  if (best !== undefined || key.length < MIN_SHARED) return best;
  const lower = key.toLowerCase();
  const related = candidates.filter((candidate) => {
    const other = candidate.toLowerCase();
    return other.startsWith(lower) || lower.startsWith(other);
  });
  return related.length === 1 ? related[0] : undefined;
}
