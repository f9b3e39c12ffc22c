import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseBpeRanks } from "../../src/prompt/bpe-rank-table.js";
import { createBpeCounter } from "../../src/prompt/create-bpe-counter.js";
import { loadBpeRankTable } from "../../src/prompt/load-bpe-rank-table.js";
import {
  deserialiseBpeRankTable,
  type StoredBpeTable,
  serialiseBpeRankTable,
} from "../../src/prompt/serialise-bpe-rank-table.js";

const VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, "../../node_modules/js-tiktoken/package.json"), "utf8")) as {
    version: string;
  }
).version;
const SAMPLE = "Read SOUL.md first — 你好 👍🏽 <|endoftext|>";
/** Cold loads parse the whole vocabulary: generous on a busy machine. */
const SLOW = 120_000;

const folders: string[] = [];
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "claw-eval-test-bpe-"));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("loadBpeRankTable", () => {
  it("builds the table from the package once, then reads the cache file of that package version", {
    timeout: SLOW,
  }, async () => {
    const cacheDir = tempFolder();
    const first = await loadBpeRankTable({ cacheDir });
    expect(first).toMatchObject({
      source: "package",
      cachePath: join(cacheDir, `o200k_base-js-tiktoken-${VERSION}.bin`),
    });
    expect(first.cacheProblem).toBeUndefined();
    expect(first.key).toContain(`js-tiktoken@${VERSION} o200k_base`);
    const second = await loadBpeRankTable({ cacheDir });
    expect(second.source).toBe("cache");
    expect(Buffer.from(serialiseBpeRankTable(second)).equals(serialiseBpeRankTable(first))).toBe(true);
    expect(createBpeCounter(second)(SAMPLE)).toBe(createBpeCounter(first)(SAMPLE));
  });

  it("rebuilds a cache file made from another package version or damaged, and says why", {
    timeout: SLOW,
  }, async () => {
    const cacheDir = tempFolder();
    const { cachePath, ...built } = await loadBpeRankTable({ cacheDir });
    writeFileSync(cachePath, serialiseBpeRankTable({ ...built, key: built.key.replace(VERSION, "0.0.1") }));
    const stale = await loadBpeRankTable({ cacheDir });
    expect(stale.source).toBe("package");
    expect(stale.cacheProblem).toBeUndefined();
    expect((await loadBpeRankTable({ cacheDir })).source).toBe("cache");

    writeFileSync(cachePath, readFileSync(cachePath).subarray(0, 1_000));
    const damaged = await loadBpeRankTable({ cacheDir });
    expect(damaged.source).toBe("package");
    expect(damaged.cacheProblem).toMatch(/damaged or of an older format/);
    expect((await loadBpeRankTable({ cacheDir })).source).toBe("cache");
  });

  it("still counts when the cache cannot be written, and reports the problem", { timeout: SLOW }, async () => {
    const blocker = join(tempFolder(), "a-file");
    writeFileSync(blocker, "not a folder");
    const loaded = await loadBpeRankTable({ cacheDir: join(blocker, "cache") });
    expect(loaded.source).toBe("package");
    expect(loaded.cacheProblem).toMatch(/^cannot write .*a-file\/cache\/o200k_base-js-tiktoken-.*counting still works/);
    expect(createBpeCounter(loaded)("Hello world")).toBe(2);
  });
});

describe("serialiseBpeRankTable", () => {
  const stored: StoredBpeTable = {
    key: "test@1 tiny 42",
    pretokenizer: "\\S+|\\s+",
    table: parseBpeRanks("! 0 YQ== Yg== YWI=\n! 3 YWJi\n"),
  };

  it("reads back what it wrote, from any byte offset", () => {
    const bytes = serialiseBpeRankTable(stored);
    expect(deserialiseBpeRankTable(bytes)).toEqual(stored);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(deserialiseBpeRankTable(shifted.subarray(1))).toEqual(stored);
  });

  it("refuses truncated, extended or foreign data", () => {
    const bytes = serialiseBpeRankTable(stored);
    expect(deserialiseBpeRankTable(bytes.subarray(0, bytes.length - 4))).toBeUndefined();
    expect(deserialiseBpeRankTable(new Uint8Array([...bytes, 0, 0, 0, 0]))).toBeUndefined();
    expect(deserialiseBpeRankTable(new Uint8Array(16))).toBeUndefined();
    const foreign = bytes.slice();
    foreign[0] = 0x58;
    expect(deserialiseBpeRankTable(foreign)).toBeUndefined();
    const otherVersion = bytes.slice();
    otherVersion[4] = 99;
    expect(deserialiseBpeRankTable(otherVersion)).toBeUndefined();
  });
});
