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

/** One stored parse: its key and its result. */
export interface SkillParseCacheEntry extends SkillParseCacheKey {
  result: ParsedSkillFile;
}

export interface SkillParseCache {
  /** The result stored for this key, or `undefined` when absent or the file changed since. */
  get(key: SkillParseCacheKey): ParsedSkillFile | undefined;
  set(key: SkillParseCacheKey, result: ParsedSkillFile): void;
  /** Cached result, else `parse()`'s result, stored. */
  getOrParse(key: SkillParseCacheKey, parse: () => ParsedSkillFile): ParsedSkillFile;
  /** Every entry, least recently used first (the order {@link createSkillParseCache} takes them back in). */
  entries(): SkillParseCacheEntry[];
  readonly size: number;
  clear(): void;
}

export interface CreateSkillParseCacheOptions {
  /** Entries kept at most; default 20 000. */
  maxEntries?: number;
  /** Entries to start with, least recently used first (e.g. from `readSkillParseCacheStore`). */
  entries?: readonly SkillParseCacheEntry[];
}

/**
 * A parse cache keyed by (path, size, mtimeMs), plus fallback name and source. One entry per
 * file: a changed file replaces its entry. Least recently used entries go first beyond
 * `maxEntries`. Results are shared: callers must treat them as read-only.
 * Explicit instances only (no module state); not safe to share across workers.
 */
export function createSkillParseCache(options: CreateSkillParseCacheOptions = {}): SkillParseCache {
  const maxEntries = Math.max(0, options.maxEntries ?? 20_000);
  const stored = new Map<string, SkillParseCacheEntry>();
  const identity = (key: SkillParseCacheKey) => `${key.source}\0${key.fallbackName}\0${key.filePath}`;
  const cache: SkillParseCache = {
    get(key) {
      const id = identity(key);
      const entry = stored.get(id);
      if (entry === undefined || entry.size !== key.size || entry.mtimeMs !== key.mtimeMs) return undefined;
      stored.delete(id);
      stored.set(id, entry);
      return entry.result;
    },
    set(key, result) {
      const id = identity(key);
      stored.delete(id);
      if (maxEntries === 0) return;
      const { filePath, size, mtimeMs, fallbackName, source } = key;
      stored.set(id, { filePath, size, mtimeMs, fallbackName, source, result });
      while (stored.size > maxEntries) {
        const oldest = stored.keys().next();
        if (oldest.done === true) break;
        stored.delete(oldest.value);
      }
    },
    getOrParse(key, parse) {
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      const result = parse();
      cache.set(key, result);
      return result;
    },
    entries: () => [...stored.values()],
    get size() {
      return stored.size;
    },
    clear() {
      stored.clear();
    },
  };
  for (const entry of options.entries ?? []) cache.set(entry, entry.result);
  return cache;
}
