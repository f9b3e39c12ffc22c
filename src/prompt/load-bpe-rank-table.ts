import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parseBpeRanks } from "./bpe-rank-table.js";
import { deserialiseBpeRankTable, type StoredBpeTable, serialiseBpeRankTable } from "./serialise-bpe-rank-table.js";

const PACKAGE = "js-tiktoken";
const ENCODING = "o200k_base";

export interface LoadBpeRankTableOptions {
  /**
   * Folder of the compact table file. Default: `.cache/claw-eval` in the `node_modules` folder
   * that holds js-tiktoken, so the cache sits beside its source and goes with it.
   */
  cacheDir?: string;
}

/** The table and where it came from. */
export interface LoadedBpeRankTable extends StoredBpeTable {
  /** `cache`: read from the cache file; `package`: built from js-tiktoken's rank module. */
  source: "cache" | "package";
  /** Absolute path of the cache file. */
  cachePath: string;
  /** Why the cache file could not be read back or written, when it could not; counts are unaffected. */
  cacheProblem?: string;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The installed package's folder and version, from the package.json above its rank module. */
function findPackage(): { dir: string; version: string; ranksBytes: number } {
  const ranksPath = createRequire(import.meta.url).resolve(`${PACKAGE}/ranks/${ENCODING}`);
  for (let dir = dirname(ranksPath); dir !== dirname(dir); dir = dirname(dir)) {
    const manifestPath = join(dir, "package.json");
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { name?: string; version?: string };
    if (manifest.name === PACKAGE)
      return { dir, version: manifest.version ?? "", ranksBytes: statSync(ranksPath).size };
  }
  throw new Error(`${PACKAGE}: no package.json above ${ranksPath}`);
}

function readCache(path: string, key: string): StoredBpeTable | string {
  let data: Uint8Array;
  try {
    data = readFileSync(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === "ENOENT" || code === "ENOTDIR" ? "" : `cannot read ${path}: ${describe(error)}`;
  }
  const stored = deserialiseBpeRankTable(data);
  if (stored === undefined) return `${path} is damaged or of an older format; rebuilt it`;
  return stored.key === key ? stored : "";
}

/** Writes through a fresh temp folder and a rename, so a concurrent reader never sees half a file. */
function writeCache(path: string, data: Uint8Array): string | undefined {
  try {
    mkdirSync(dirname(path), { recursive: true });
    const temp = mkdtempSync(join(dirname(path), ".write-"));
    try {
      writeFileSync(join(temp, "table.bin"), data);
      renameSync(join(temp, "table.bin"), path);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
    return undefined;
  } catch (error) {
    return `cannot write ${path}: ${describe(error)} (counting still works, it just loads slower)`;
  }
}

/**
 * The `o200k_base` rank table of the installed js-tiktoken: read from the compact cache file
 * when it was built from the same package version and rank module size, else built from the
 * package (a few hundred ms) and written to the cache for the next process. The package is the
 * source of truth: a new version gets a new file. A cache that cannot be read or written is
 * reported in `cacheProblem`, never thrown. Rejects only when js-tiktoken is not installed.
 */
export async function loadBpeRankTable(options: LoadBpeRankTableOptions = {}): Promise<LoadedBpeRankTable> {
  const installed = findPackage();
  const key = `${PACKAGE}@${installed.version} ${ENCODING} ${installed.ranksBytes}`;
  const cacheDir = options.cacheDir ?? join(dirname(installed.dir), ".cache", "claw-eval");
  const cachePath = join(cacheDir, `${ENCODING}-${PACKAGE}-${installed.version}.bin`);
  const cached = readCache(cachePath, key);
  if (typeof cached !== "string") return { ...cached, source: "cache", cachePath };
  const ranks = (await import("js-tiktoken/ranks/o200k_base")).default;
  const stored: StoredBpeTable = { key, pretokenizer: ranks.pat_str, table: parseBpeRanks(ranks.bpe_ranks) };
  const writeProblem = writeCache(cachePath, serialiseBpeRankTable(stored));
  const cacheProblem = [cached, writeProblem].filter((problem) => problem !== undefined && problem !== "").join("; ");
  return { ...stored, source: "package", cachePath, ...(cacheProblem === "" ? {} : { cacheProblem }) };
}
