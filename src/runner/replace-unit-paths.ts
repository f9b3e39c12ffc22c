import { createPathReplacer, type PathPlaceholder } from "../platform/create-path-replacer.js";

/** Long strings seen by a run, so identical ones (the same prompt in every unit) share one copy. */
export type StringPool = Map<string, string>;

const POOLED_MIN_LENGTH = 200;

export function createStringPool(): StringPool {
  return new Map();
}

/**
 * Replaces a unit's temp paths in recorded values with stable placeholders, so the same scenario
 * gives the same results.json bytes on every run. Each path is replaced as a whole, longer paths
 * first (see `createPathReplacer`); other temp folders are kept. Walks the value and returns a
 * copy of what changed; long strings go through `pool`, so a prompt recorded in a turn and its
 * `prompt_built` event, and in every unit of a run, is kept once in memory.
 */
export function replaceUnitPaths<T>(
  value: T,
  replacements: readonly PathPlaceholder[],
  pool: StringPool = createStringPool(),
): T {
  const replacePaths = createPathReplacer({ paths: replacements });
  const replaceText = (text: string): string => {
    const result = replacePaths(text);
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
