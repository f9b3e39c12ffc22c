import { setOwnProperty } from "../domain/set-own-property.js";
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
  // Copies only the arrays and objects on the way to a changed (or pooled) string.
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return replaceText(node);
    if (node === null || typeof node !== "object") return node;
    if (Array.isArray(node)) {
      let copy: unknown[] | undefined;
      for (let index = 0; index < node.length; index += 1) {
        const child: unknown = node[index];
        const replaced = walk(child);
        if (replaced === child) continue;
        copy ??= node.slice();
        copy[index] = replaced;
      }
      return copy ?? node;
    }
    const record = node as Record<string, unknown>;
    const keys = Object.keys(record);
    let copy: Record<string, unknown> | undefined;
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index]!;
      const child = record[key];
      const replaced = walk(child);
      if (copy === undefined) {
        if (replaced === child) continue;
        copy = {};
        for (const earlier of keys.slice(0, index)) setOwnProperty(copy, earlier, record[earlier]);
      }
      setOwnProperty(copy, key, replaced);
    }
    return copy ?? node;
  };
  return walk(value) as T;
}
