import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSkillsSession } from "../../src/agent/create-skills-session.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";

const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\nBody.\n`;

function setUp(config: Record<string, unknown> = {}) {
  const runtime = createTestRuntime({ files: { "ws/skills/alpha/SKILL.md": skill("alpha") } });
  const workspaceDir = join(runtime.root, "ws");
  const session = createSkillsSession({ runtime, workspaceDir, config, agentId: "main" });
  const write = (path: string, content: string) => {
    mkdirSync(join(workspaceDir, path, ".."), { recursive: true });
    writeFileSync(join(workspaceDir, path), content);
  };
  return { session, write };
}

describe("skills session (spec/skills.md §12)", () => {
  it("builds on the first turn and reuses the snapshot while no watched SKILL.md changes", async () => {
    const { session, write } = setUp();
    const first = await session.prepareTurn();
    expect(first).toMatchObject({ reused: false, included: ["alpha"], version: 0 });
    expect(first.skillsPrompt).toContain("<name>alpha</name>");
    write("skills/alpha/notes.txt", "not a skill file");
    write("skills/node_modules/SKILL.md", skill("ignored"));
    expect(await session.prepareTurn()).toMatchObject({ reused: true, included: ["alpha"] });
  });

  it("rebuilds after a SKILL.md is added, as the watcher's version bump makes it", async () => {
    const { session, write } = setUp();
    await session.prepareTurn();
    write("skills/beta/SKILL.md", skill("beta"));
    const next = await session.prepareTurn();
    expect(next.reused).toBe(false);
    expect(next.version).toBeGreaterThan(0);
    expect(next.included).toEqual(["alpha", "beta"]);
    expect(await session.prepareTurn()).toMatchObject({ reused: true, included: ["alpha", "beta"] });
  });

  it("keeps the first snapshot when skills.load.watch is false", async () => {
    const { session, write } = setUp({ skills: { load: { watch: false } } });
    await session.prepareTurn();
    write("skills/beta/SKILL.md", skill("beta"));
    expect(await session.prepareTurn()).toMatchObject({ reused: true, included: ["alpha"] });
  });
});
