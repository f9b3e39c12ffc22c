import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSkillsWatchRegistry, type SkillsWatchRegistry } from "../../src/skills/create-skills-watch-registry.js";
import { createSkillsVersionState, getSkillsVersion } from "../../src/skills/skills-version-state.js";

async function waitFor(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  for (let waited = 0; !done(); waited += 25) {
    if (waited > timeoutMs) throw new Error("timed out waiting for the skills watcher");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("createSkillsWatchRegistry (spec/skills.md §12.3)", () => {
  let dir: string;
  let root: string;
  let registry: SkillsWatchRegistry;
  const versions = createSkillsVersionState({ now: () => 1000 });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "claw-eval-watch-registry-"));
    root = join(dir, "skills");
    await mkdir(join(root, "a"), { recursive: true });
    registry = createSkillsWatchRegistry({ versions });
  });

  afterEach(async () => {
    await registry.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("starts no watcher when skills.load.watch is false", async () => {
    expect(
      await registry.sync({ workspaceDir: dir, roots: [root], config: { skills: { load: { watch: false } } } }),
    ).toBe(undefined);
  });

  it("keeps the watcher while roots and debounce stay, replaces it when they change, closes it when disabled", async () => {
    const config = { skills: { load: { watchDebounceMs: 20 } } };
    const first = await registry.sync({ workspaceDir: dir, roots: [root], config });
    expect(first).toBeDefined();
    expect(await registry.sync({ workspaceDir: dir, roots: [root], config })).toBe(first);
    const second = await registry.sync({
      workspaceDir: dir,
      roots: [root],
      config: { skills: { load: { watchDebounceMs: 30 } } },
    });
    expect(second).not.toBe(first);
    const third = await registry.sync({ workspaceDir: dir, roots: [root, join(dir, "more")], config });
    expect(third).not.toBe(second);
    expect(
      await registry.sync({ workspaceDir: dir, roots: [root], config: { skills: { load: { watch: false } } } }),
    ).toBe(undefined);
  });

  it("bumps the workspace version with reason watch when a SKILL.md changes", async () => {
    const seen: unknown[] = [];
    versions.listeners.add((change) => seen.push(change));
    await registry.sync({ workspaceDir: dir, roots: [root], config: { skills: { load: { watchDebounceMs: 20 } } } });
    await writeFile(join(root, "a", "SKILL.md"), "---\ndescription: a\n---\n");
    await waitFor(() => seen.length > 0);
    expect(seen).toEqual([{ workspaceDir: dir, reason: "watch", changedPath: join(root, "a", "SKILL.md") }]);
    expect(getSkillsVersion(versions, dir)).toBe(1000);
  });
});
