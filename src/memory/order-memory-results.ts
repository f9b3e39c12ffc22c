/** What ordering reads from a result. */
export interface OrderableMemoryResult {
  path: string;
  startLine: number;
  score: number;
  /** The §6.4 timestamp in ms since the epoch; `undefined` for evergreen files and failed stats. */
  timestampMs?: number;
}

function isMemoryRoot(path: string): boolean {
  return path === "MEMORY.md" || path === "memory.md";
}

function compareResults(left: OrderableMemoryResult, right: OrderableMemoryResult): number {
  if (left.score !== right.score) return right.score - left.score;
  const leftRoot = isMemoryRoot(left.path);
  if (leftRoot !== isMemoryRoot(right.path)) return leftRoot ? -1 : 1;
  const leftTime = left.timestampMs ?? Number.NEGATIVE_INFINITY;
  const rightTime = right.timestampMs ?? Number.NEGATIVE_INFINITY;
  if (leftTime !== rightTime) return rightTime > leftTime ? 1 : -1;
  if (left.path !== right.path) return left.path < right.path ? -1 : 1;
  return left.startLine - right.startLine;
}

/**
 * Sorts results for memory search (memory.md §6.7): score descending; on equal scores
 * `MEMORY.md` / `memory.md` first, then the newer timestamp (results without one after those
 * with one), then path ascending (UTF-16 code unit order), then `startLine` ascending. Returns a
 * new array. Pure.
 */
export function orderMemoryResults<T extends OrderableMemoryResult>(results: readonly T[]): T[] {
  return [...results].sort(compareResults);
}
