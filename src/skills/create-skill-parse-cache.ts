import type { ParsedSkillFile, SkillSource } from "./skill-types.js";

/** What identifies one parse: the file, its state on disk and the inputs besides its text. */
export interface SkillParseCacheKey {
  filePath: string;
  /** Bytes. */
  size: number;
  mtimeMs: number;
  fallbackName: string;
  source: SkillSource;
}

export interface SkillParseCache {
  /** The result stored for this key, or `undefined` when absent or the file changed since. */
  get(key: SkillParseCacheKey): ParsedSkillFile | undefined;
  set(key: SkillParseCacheKey, result: ParsedSkillFile): void;
  /** Cached result, else `parse()`'s result, stored. */
  getOrParse(key: SkillParseCacheKey, parse: () => ParsedSkillFile): ParsedSkillFile;
  readonly size: number;
  clear(): void;
}

interface Stored {
  size: number;
  mtimeMs: number;
  result: ParsedSkillFile;
}

/**
 * A parse cache keyed by (path, size, mtimeMs), plus fallback name and source. One entry per
 * file: a changed file replaces its entry. Least recently used entries go first beyond
 * `maxEntries` (default 20 000). Results are shared: callers must treat them as read-only.
 * Explicit instances only (no module state); not safe to share across workers.
 */
export function createSkillParseCache(options: { maxEntries?: number } = {}): SkillParseCache {
  const maxEntries = Math.max(0, options.maxEntries ?? 20_000);
  const entries = new Map<string, Stored>();
  const identity = (key: SkillParseCacheKey) => `${key.source}\0${key.fallbackName}\0${key.filePath}`;
  const cache: SkillParseCache = {
    get(key) {
      const id = identity(key);
      const stored = entries.get(id);
      if (stored === undefined || stored.size !== key.size || stored.mtimeMs !== key.mtimeMs) return undefined;
      entries.delete(id);
      entries.set(id, stored);
      return stored.result;
    },
    set(key, result) {
      const id = identity(key);
      entries.delete(id);
      if (maxEntries === 0) return;
      entries.set(id, { size: key.size, mtimeMs: key.mtimeMs, result });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
    },
    getOrParse(key, parse) {
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      const result = parse();
      cache.set(key, result);
      return result;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
  return cache;
}
