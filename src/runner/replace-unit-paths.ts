import { mapJsonStrings } from "../domain/map-json-strings.js";
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
 * first (see `createPathReplacer`); other temp folders are kept. Walks the value and copies only
 * what changed; long strings go through `pool`, so a prompt recorded in a turn and its
 * `prompt_built` event, and in every unit of a run, is kept once in memory.
 */
export function replaceUnitPaths<T>(
  value: T,
  replacements: readonly PathPlaceholder[],
  pool: StringPool = createStringPool(),
): T {
  const replacePaths = createPathReplacer({ paths: replacements });
  // A long text met again in the same value (a turn's prompt and its prompt event) is replaced once.
  const replaced = new Map<string, string>();
  const replaceText = (text: string): string => {
    if (text.length < POOLED_MIN_LENGTH) return replacePaths(text);
    const known = replaced.get(text);
    if (known !== undefined) return known;
    const result = replacePaths(text);
    const pooled = pool.get(result) ?? result;
    pool.set(pooled, pooled);
    replaced.set(text, pooled);
    return pooled;
  };
  return mapJsonStrings(value, replaceText) as T;
}
