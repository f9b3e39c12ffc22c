/** Long strings seen by a run, so identical ones (the same prompt in every unit) share one copy. */
export type StringPool = Map<string, string>;

const POOLED_MIN_LENGTH = 200;

export function createStringPool(): StringPool {
  return new Map();
}

/**
 * Replaces a unit's temp paths in recorded values with stable placeholders, so the same scenario
 * gives the same results.json bytes on every run. Longer paths are replaced first. Walks the
 * value and returns a copy of what changed; long strings go through `pool`, so a prompt recorded
 * in a turn and its `prompt_built` event, and in every unit of a run, is kept once in memory.
 */
export function replaceUnitPaths<T>(
  value: T,
  replacements: readonly [path: string, placeholder: string][],
  pool: StringPool = createStringPool(),
): T {
  const ordered = [...replacements].sort((a, b) => b[0].length - a[0].length).filter(([path]) => path !== "");
  const replaceText = (text: string): string => {
    let result = text;
    for (const [path, placeholder] of ordered) {
      if (result.includes(path)) result = result.split(path).join(placeholder);
    }
    if (result.length < POOLED_MIN_LENGTH) return result;
    const pooled = pool.get(result);
    if (pooled !== undefined) return pooled;
    pool.set(result, result);
    return result;
  };
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return replaceText(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === "object") {
      const copy: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) copy[key] = walk(child);
      return copy;
    }
    return node;
  };
  return walk(value) as T;
}
