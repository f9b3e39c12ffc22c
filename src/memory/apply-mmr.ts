const MMR_TOKEN = /[a-z0-9_]+/g;

/** What MMR reads from a result. */
export interface MmrItem {
  score: number;
  snippet: string;
}

function tokenSet(snippet: string): Set<string> {
  return new Set(snippet.toLowerCase().match(MMR_TOKEN) ?? []);
}

/** Jaccard similarity of two token sets; both empty ⇒ 1 (CJK-only snippets count as identical), one empty ⇒ 0. */
function jaccard(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 && right.size === 0) return 1;
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const token of left) if (right.has(token)) shared += 1;
  return shared / (left.size + right.size - shared);
}

function relevances(items: readonly MmrItem[]): number[] {
  const scores = items.map((item) => item.score);
  const min = Math.min(...scores);
  const range = Math.max(...scores) - min;
  return scores.map((score) => (range === 0 ? 1 : (score - min) / range));
}

/**
 * Reorders results by maximal marginal relevance (memory.md §6.6). Relevance is the min–max
 * normalised score (all equal ⇒ 1); similarity is the Jaccard index of the `[a-z0-9_]+` token
 * sets of the lower-cased snippets. Greedily picks `argmax λ·rel − (1−λ)·maxSim(picked)`; ties
 * go to the higher score, then to the earlier item. `lambda` is clamped to [0, 1]; λ = 1 or at
 * most one item returns the input order. Scores are not changed; returns a new array. Pure.
 */
export function applyMmr<T extends MmrItem>(items: readonly T[], lambda: number): T[] {
  const weight = Math.min(1, Math.max(0, lambda));
  if (weight === 1 || items.length <= 1) return [...items];
  const relevance = relevances(items);
  const remaining: Candidate<T>[] = items.map((item, index) => ({
    item,
    relevance: relevance[index] ?? 0,
    tokens: tokenSet(item.snippet),
    maxSimilarity: 0,
  }));
  const picked: T[] = [];
  while (remaining.length > 0) {
    const chosen = remaining.splice(bestPosition(remaining, weight), 1)[0];
    if (chosen === undefined) break;
    picked.push(chosen.item);
    for (const candidate of remaining) {
      candidate.maxSimilarity = Math.max(candidate.maxSimilarity, jaccard(chosen.tokens, candidate.tokens));
    }
  }
  return picked;
}

interface Candidate<T extends MmrItem> {
  item: T;
  relevance: number;
  tokens: Set<string>;
  /** Highest similarity to any picked item so far. */
  maxSimilarity: number;
}

function bestPosition<T extends MmrItem>(candidates: readonly Candidate<T>[], weight: number): number {
  let best = 0;
  let bestValue = Number.NEGATIVE_INFINITY;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const [position, candidate] of candidates.entries()) {
    const value = weight * candidate.relevance - (1 - weight) * candidate.maxSimilarity;
    if (value > bestValue || (value === bestValue && candidate.item.score > bestScore)) {
      best = position;
      bestValue = value;
      bestScore = candidate.item.score;
    }
  }
  return best;
}
