import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { prepareUnitEnvironment } from "../../src/runner/prepare-unit-environment.js";
import { buildScenario } from "../support/build-turn.js";
import { makeTempDir } from "../support/run-cli.js";

const sources: string[] = [];

afterEach(() => {
  for (const source of sources.splice(0)) rmSync(source, { recursive: true, force: true });
});

describe("prepareUnitEnvironment", () => {
  it("removes the workspace copy, HOME and the stub folder, whatever the unit wrote into them", async () => {
    const source = makeTempDir("claw-eval-test-");
    sources.push(source);
    mkdirSync(join(source, "workspace", "notes"), { recursive: true });
    writeFileSync(join(source, "workspace", "notes", "todo.md"), "- ship it\n");
    mkdirSync(join(source, "home"));
    writeFileSync(join(source, "home", ".profile"), "export A=1\n");
    const scenario = buildScenario({
      workspace: join(source, "workspace"),
      home: join(source, "home"),
      bins: ["git"],
    });
    const environment = await prepareUnitEnvironment({
      scenario,
      unitId: "test@scripted~1",
      host: createTestHost({ cwd: source }),
    });
    const folders = environment.placeholders.map(([path]) => path);
    // What a unit leaves behind: a transcript deep in its state folder, a new workspace file.
    mkdirSync(join(environment.homeDir, ".openclaw", "agents", "main", "sessions"), { recursive: true });
    writeFileSync(join(environment.homeDir, ".openclaw", "agents", "main", "sessions", "s.jsonl"), "{}\n");
    writeFileSync(join(environment.workspaceDir, "notes", "done.md"), "- shipped\n");
    expect(folders.map((path) => existsSync(path))).toEqual([true, true, true]);

    await environment.dispose();

    expect(folders.map((path) => existsSync(path))).toEqual([false, false, false]);
    expect(existsSync(join(source, "workspace", "notes", "todo.md"))).toBe(true);
  });
});
