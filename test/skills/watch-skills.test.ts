import { mkdir, mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isInSkillsWatchScope, isSkillsWatchTarget } from "../../src/skills/is-skills-watch-target.js";
import {
  bumpSkillsVersion,
  createSkillsVersionState,
  getSkillsVersion,
  type SkillsChange,
} from "../../src/skills/skills-version-state.js";
import {
  listSkillsWatchRoots,
  resolveSkillsWatchSettings,
  type SkillsWatcher,
  watchSkills,
} from "../../src/skills/watch-skills.js";

describe("isSkillsWatchTarget (spec/skills.md §12.3)", () => {
  const roots = ["/w/skills", "/home/alice/.agents/skills"];
  it.each([
    ["/w/skills/a/SKILL.md", true],
    ["/w/skills/SKILL.md", true],
    ["/home/alice/.agents/skills/git/SKILL.md", true],
    ["/w/skills/a/notes.txt", false],
    ["/w/skills/a/OTHER.md", false],
    ["/w/skills/a/skill.md", false],
    ["/w/skills/a/sub/SKILL.md", false],
    ["/w/skills/node_modules/SKILL.md", false],
    ["/w/skills/.git/SKILL.md", false],
    ["/w/skills/build/SKILL.md", false],
    ["/w/SKILL.md", false],
    ["/w/skills2/a/SKILL.md", false],
    ["/elsewhere/a/SKILL.md", false],
  ])("%s → %s", (path, expected) => {
    expect(isSkillsWatchTarget(path, roots)).toBe(expected);
  });

  it("scopes the watch to root ancestors and two levels below a root, skipping ignored segments", () => {
    expect(isInSkillsWatchScope("/", roots)).toBe(true);
    expect(isInSkillsWatchScope("/home/alice/.agents", roots)).toBe(true);
    expect(isInSkillsWatchScope("/w/skills/a", roots)).toBe(true);
    expect(isInSkillsWatchScope("/w/skills/a/SKILL.md", roots)).toBe(true);
    expect(isInSkillsWatchScope("/w/skills/a/sub/SKILL.md", roots)).toBe(false);
    expect(isInSkillsWatchScope("/w/skills/node_modules", roots)).toBe(false);
    expect(isInSkillsWatchScope("/w/src", roots)).toBe(false);
    expect(isInSkillsWatchScope("/home/alice/Documents", roots)).toBe(false);
    expect(isSkillsWatchTarget("/build/ws/skills/a/SKILL.md", ["/build/ws/skills"])).toBe(true);
  });
});

describe("watch settings and roots", () => {
  it("defaults to enabled with 250 ms; negative debounce → 0; watch false disables", () => {
    expect(resolveSkillsWatchSettings(undefined)).toEqual({ enabled: true, debounceMs: 250 });
    expect(resolveSkillsWatchSettings({ skills: { load: { watchDebounceMs: -5 } } })).toEqual({
      enabled: true,
      debounceMs: 0,
    });
    expect(resolveSkillsWatchSettings({ skills: { load: { watch: false, watchDebounceMs: 40 } } })).toEqual({
      enabled: false,
      debounceMs: 40,
    });
  });

  it("lists workspace, project, managed, personal and extra roots (never bundled)", () => {
    expect(
      listSkillsWatchRoots({
        workspaceDir: "/w",
        stateDir: "/home/a/.openclaw",
        homeDir: "/home/a",
        extraDirs: ["/x"],
      }),
    ).toEqual(["/w/skills", "/w/.agents/skills", "/home/a/.openclaw/skills", "/home/a/.agents/skills", "/x"]);
  });
});

/** Polls until `done()` holds, for at most `timeoutMs`. */
async function waitFor(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  for (let waited = 0; !done(); waited += 25) {
    if (waited > timeoutMs) throw new Error("timed out waiting for the skills watcher");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Long enough for write stability (100 ms polls) plus the debounce to have fired several times over. */
/** Longer than the debounce window, so a second (wrong) bump would have arrived by then. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1200));

describe("watchSkills (real temp dirs)", () => {
  let dir: string;
  let root: string;
  let watcher: SkillsWatcher | undefined;
  let changes: SkillsChange[];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "claw-eval-watch-"));
    root = join(dir, "skills");
    await mkdir(join(root, "a", "deep"), { recursive: true });
    await writeFile(join(root, "a", "SKILL.md"), "---\ndescription: a\n---\n");
    changes = [];
    const state = createSkillsVersionState({ now: () => 1000 });
    state.listeners.add((change) => changes.push(change));
    watcher = watchSkills({
      roots: [root],
      // Wide enough that two back-to-back writes land in one window even on a loaded machine.
      debounceMs: 400,
      onChange: ({ changedPath }) => bumpSkillsVersion(state, { workspaceDir: dir, reason: "watch", changedPath }),
    });
    await watcher.ready;
    expect(getSkillsVersion(state, dir)).toBe(0);
  });

  afterEach(async () => {
    await watcher?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("bumps once for a burst of writes to one SKILL.md, with reason watch and the changed path", async () => {
    const file = join(root, "a", "SKILL.md");
    await writeFile(file, "---\ndescription: a1\n---\n");
    await writeFile(file, "---\ndescription: a2\n---\n");
    await waitFor(() => changes.length > 0);
    await settle();
    expect(changes).toEqual([{ workspaceDir: dir, reason: "watch", changedPath: file }]);
  });

  it("bumps when a SKILL.md is added and again when one is removed", async () => {
    const added = join(root, "b", "SKILL.md");
    await mkdir(join(root, "b"));
    await writeFile(added, "---\ndescription: b\n---\n");
    await waitFor(() => changes.length === 1);
    await unlink(join(root, "a", "SKILL.md"));
    await waitFor(() => changes.length === 2);
    await settle();
    expect(changes.map((change) => change.changedPath)).toEqual([added, join(root, "a", "SKILL.md")]);
  });

  it("does not bump for other files, deeper SKILL.md files or ignored folders", async () => {
    await writeFile(join(root, "a", "notes.txt"), "x");
    await writeFile(join(root, "a", "OTHER.md"), "---\ndescription: o\n---\n");
    await writeFile(join(root, "a", "deep", "SKILL.md"), "---\ndescription: deep\n---\n");
    await mkdir(join(root, "node_modules"));
    await writeFile(join(root, "node_modules", "SKILL.md"), "---\ndescription: nm\n---\n");
    await settle();
    expect(changes).toEqual([]);
    const sentinel = join(root, "a", "SKILL.md");
    await writeFile(sentinel, "---\ndescription: alive\n---\n");
    await waitFor(() => changes.length > 0);
    expect(changes.map((change) => change.changedPath)).toEqual([sentinel]);
  });

  it("picks up a root that is created after the watcher started", async () => {
    const personal = join(dir, "home", ".agents", "skills");
    const late = watchSkills({
      roots: [personal],
      debounceMs: 50,
      onChange: ({ changedPath }) => changes.push({ reason: "watch", changedPath }),
    });
    try {
      await late.ready;
      await mkdir(join(personal, "p"), { recursive: true });
      await writeFile(join(personal, "p", "SKILL.md"), "---\ndescription: p\n---\n");
      await waitFor(() => changes.length > 0);
      expect(changes).toEqual([{ reason: "watch", changedPath: join(personal, "p", "SKILL.md") }]);
    } finally {
      await late.close();
    }
  });

  it("stops after close", async () => {
    await watcher?.close();
    await writeFile(join(root, "a", "SKILL.md"), "---\ndescription: closed\n---\n");
    await settle();
    expect(changes).toEqual([]);
  });
});
