import { join } from "node:path";
import type { FileSystem } from "../domain/index.js";
import { isRecord } from "../domain/is-record.js";
import { TOOL_VERSION } from "../domain/tool-version.js";
import { createSkillParseCache, type SkillParseCache, type SkillParseCacheEntry } from "./create-skill-parse-cache.js";

/** Where the store lives inside the state dir. */
export const SKILL_PARSE_CACHE_FILE = join("claw-eval", "skill-parse-cache.json");

/** Raise when what `parseSkillFile` returns for the same text changes: older stores are then dropped whole. */
const STORE_FORMAT = 1;

/**
 * Files modified this recently (ms) before the store is written are not kept: on a file system
 * with coarse timestamps a second edit within the same tick and at the same size would look
 * unchanged. They are parsed again next time.
 */
export const RACY_MTIME_WINDOW_MS = 2000;

export interface SkillParseCacheStore {
  /** Filled with the stored entries; empty when the store is missing, unreadable or of another version. */
  cache: SkillParseCache;
  /** Why the stored entries were dropped; absent when they were used or there was no store. */
  discarded?: string;
  /** The results read from the store, to tell new parses from stored ones when writing. */
  loaded: ReadonlySet<unknown>;
}

function isEntry(value: unknown): value is SkillParseCacheEntry {
  return (
    isRecord(value) &&
    typeof value.filePath === "string" &&
    typeof value.size === "number" &&
    typeof value.mtimeMs === "number" &&
    typeof value.fallbackName === "string" &&
    typeof value.source === "string" &&
    isRecord(value.result) &&
    Array.isArray(value.result.diagnostics)
  );
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * Reads `<stateDir>/claw-eval/skill-parse-cache.json` into a parse cache. The store is only a
 * cache: a missing file gives an empty cache, and a damaged file or one written by another
 * version gives an empty cache with `discarded` saying why. Never throws.
 */
export async function readSkillParseCacheStore(options: {
  fs: FileSystem;
  stateDir: string;
}): Promise<SkillParseCacheStore> {
  const path = join(options.stateDir, SKILL_PARSE_CACHE_FILE);
  const empty = (discarded?: string): SkillParseCacheStore => ({
    cache: createSkillParseCache(),
    loaded: new Set(),
    ...(discarded === undefined ? {} : { discarded }),
  });
  let text: string;
  try {
    text = await options.fs.readText(path);
  } catch (error) {
    return isMissing(error) ? empty() : empty(`${path}: unreadable (${String((error as { code?: unknown }).code)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return empty(`${path}: not JSON (${(error as Error).message})`);
  }
  if (!isRecord(parsed) || parsed.format !== STORE_FORMAT || parsed.tool !== TOOL_VERSION) {
    return empty(`${path}: written by another claw-eval version`);
  }
  const entries = Array.isArray(parsed.entries) ? parsed.entries.filter(isEntry) : [];
  return { cache: createSkillParseCache({ entries }), loaded: new Set(entries.map((entry) => entry.result)) };
}

/**
 * Writes the cache back when it holds parses the store lacks, leaving out files modified
 * within {@link RACY_MTIME_WINDOW_MS} before `now` (ms since the epoch). Writes nothing when the
 * state dir does not exist, so an inspection never creates one. Resolves why the write failed,
 * or `undefined`.
 */
export async function writeSkillParseCacheStore(options: {
  fs: FileSystem;
  stateDir: string;
  store: SkillParseCacheStore;
  now: number;
}): Promise<string | undefined> {
  const { fs, stateDir, store } = options;
  const settled = (entry: SkillParseCacheEntry) => entry.mtimeMs <= options.now - RACY_MTIME_WINDOW_MS;
  const entries = store.cache.entries().filter(settled);
  if (!entries.some((entry) => !store.loaded.has(entry.result))) return undefined;
  const path = join(stateDir, SKILL_PARSE_CACHE_FILE);
  try {
    if ((await fs.stat(stateDir))?.kind !== "directory") return undefined;
    await fs.writeText(path, JSON.stringify({ format: STORE_FORMAT, tool: TOOL_VERSION, entries }));
    return undefined;
  } catch (error) {
    return `${path}: cannot write the skills parse cache (${String((error as { code?: unknown }).code ?? error)}); skills are parsed again on every run until it can be written`;
  }
}
