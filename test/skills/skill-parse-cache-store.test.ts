import { mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TOOL_VERSION } from "../../src/domain/tool-version.js";
import { createTestRuntime, type TestRuntime } from "../../src/platform/create-test-runtime.js";
import { discoverSkillSourcesWith } from "../../src/skills/discover-skill-sources.js";
import {
  RACY_MTIME_WINDOW_MS,
  readSkillParseCacheStore,
  SKILL_PARSE_CACHE_FILE,
  writeSkillParseCacheStore,
} from "../../src/skills/skill-parse-cache-store.js";
import { listFiles, parseFile, skillFixtureRoot } from "./corpus-files.js";
import { skillText } from "./discover-test-tree.js";

/** Files are dated well before the clock, so none is racy unless a test says so. */
const FILE_TIME_MS = Date.parse("2026-01-01T00:00:00Z");
const NOW_MS = Date.parse("2026-03-11T09:00:00Z");

interface World {
  rt: TestRuntime;
  workspace: string;
  stateDir: string;
  /** Writes `<workspace>/skills/<name>/SKILL.md` dated `mtimeMs`. */
  writeSkill(name: string, text: string, mtimeMs?: number): string;
}

function createWorld(): World {
  const rt = createTestRuntime();
  const workspace = join(rt.root, "w");
  mkdirSync(rt.stateDir, { recursive: true });
  const writeSkill = (name: string, text: string, mtimeMs = FILE_TIME_MS) => {
    const dir = join(workspace, "skills", name);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, "SKILL.md");
    writeFileSync(path, text);
    utimesSync(path, mtimeMs / 1000, mtimeMs / 1000);
    return path;
  };
  return { rt, workspace, stateDir: rt.stateDir, writeSkill };
}

/** One CLI-like run: read the store, discover with it, write it back. Resolves the descriptions loaded. */
async function scan(world: World, now = NOW_MS): Promise<string[]> {
  const { rt, workspace, stateDir } = world;
  const store = await readSkillParseCacheStore({ fs: rt.fs, stateDir });
  const discovered = await discoverSkillSourcesWith({
    workspaceDir: workspace,
    config: {},
    rt,
    parseCache: store.cache,
  });
  expect(await writeSkillParseCacheStore({ fs: rt.fs, stateDir, store, now })).toBeUndefined();
  return discovered.sources.flatMap((source) => source.skills.map((skill) => skill.description));
}

const storePath = (world: World) => join(world.stateDir, SKILL_PARSE_CACHE_FILE);
const storedEntries = (world: World): unknown[] => JSON.parse(readFileSync(storePath(world), "utf8")).entries;

describe("skill parse cache store", () => {
  it("keeps parse results across runs and serves them without reading the file", async () => {
    const world = createWorld();
    const path = world.writeSkill("a", skillText({ name: "a", description: "first" }));
    expect(await scan(world)).toStrictEqual(["first"]);
    expect(storedEntries(world)).toHaveLength(1);
    // Same size and mtime, different text: only a cache hit can still say "first".
    writeFileSync(path, skillText({ name: "a", description: "FIRST" }));
    utimesSync(path, FILE_TIME_MS / 1000, FILE_TIME_MS / 1000);
    expect(await scan(world)).toStrictEqual(["first"]);
  });

  it("re-parses a file whose mtime changed at the same size", async () => {
    const world = createWorld();
    const path = world.writeSkill("a", skillText({ name: "a", description: "first" }));
    await scan(world);
    world.writeSkill("a", skillText({ name: "a", description: "later" }), FILE_TIME_MS + 1000);
    expect(readFileSync(path, "utf8").length).toBe(skillText({ name: "a", description: "first" }).length);
    expect(await scan(world)).toStrictEqual(["later"]);
  });

  it("re-parses a file whose size changed at the same mtime", async () => {
    const world = createWorld();
    world.writeSkill("a", skillText({ name: "a", description: "first" }));
    await scan(world);
    world.writeSkill("a", skillText({ name: "a", description: "first, and longer" }));
    expect(await scan(world)).toStrictEqual(["first, and longer"]);
  });

  it("does not keep files modified within the racy window before now", async () => {
    const world = createWorld();
    world.writeSkill("old", skillText({ name: "old" }));
    world.writeSkill("new", skillText({ name: "new" }), NOW_MS - RACY_MTIME_WINDOW_MS + 1);
    await scan(world);
    expect(storedEntries(world)).toMatchObject([{ fallbackName: "old" }]);
  });

  it("writes only when a run parsed something the store lacks, and never creates the state dir", async () => {
    const world = createWorld();
    world.writeSkill("a", skillText({ name: "a" }));
    await scan(world);
    writeFileSync(storePath(world), readFileSync(storePath(world), "utf8").replace("{", '{"marker":1,'));
    await scan(world);
    expect(readFileSync(storePath(world), "utf8")).toContain('"marker":1');
    const elsewhere = join(world.rt.root, "no-state-dir");
    const store = await readSkillParseCacheStore({ fs: world.rt.fs, stateDir: elsewhere });
    await discoverSkillSourcesWith({
      workspaceDir: world.workspace,
      config: {},
      rt: world.rt,
      parseCache: store.cache,
    });
    await writeSkillParseCacheStore({ fs: world.rt.fs, stateDir: elsewhere, store, now: NOW_MS });
    expect(await world.rt.fs.stat(elsewhere)).toBeUndefined();
  });

  it("drops a damaged store, or one of another format or version, and says why", async () => {
    const world = createWorld();
    world.writeSkill("a", skillText({ name: "a", description: "fresh" }));
    await scan(world);
    const good = readFileSync(storePath(world), "utf8");
    const variants = {
      truncated: good.slice(0, good.length / 2),
      "other version": good.replace(`"tool":"${TOOL_VERSION}"`, '"tool":"0.0.0-other"'),
      "other format": good.replace('"format":1', '"format":999'),
    };
    for (const [name, text] of Object.entries(variants)) {
      writeFileSync(storePath(world), text);
      const store = await readSkillParseCacheStore({ fs: world.rt.fs, stateDir: world.stateDir });
      expect({ name, size: store.cache.size, discarded: store.discarded }).toMatchObject({
        name,
        size: 0,
        discarded: expect.stringContaining(storePath(world)),
      });
    }
    const missing = await readSkillParseCacheStore({ fs: world.rt.fs, stateDir: join(world.rt.root, "none") });
    expect([missing.cache.size, missing.discarded]).toStrictEqual([0, undefined]);
  });

  it("gives back exactly what the parser returned for every skill fixture (JSON round trip)", () => {
    const files = listFiles(skillFixtureRoot, (name) => name.endsWith(".md"));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const parsed = parseFile(file);
      expect({ file, parsed: JSON.parse(JSON.stringify(parsed)) }).toStrictEqual({ file, parsed });
    }
  });
});
