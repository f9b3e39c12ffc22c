import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { GoldenPolicy } from "../../src/golden/compare-golden.js";
import { createTestHost } from "../../src/platform/create-test-host.js";
import { findObsoleteGoldenFiles } from "../../src/runner/find-obsolete-golden-files.js";
import { importModule } from "../../src/runner/import-module.js";
import { planUnits } from "../../src/runner/plan-units.js";
import { prepareUnitEnvironment } from "../../src/runner/prepare-unit-environment.js";
import { runSuite } from "../../src/runner/run-suite.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";
import { makeTempDir } from "../support/run-cli.js";

/** A suite folder with one workspace and a two-turn scenario; turn 1 rewrites SOUL.md. */
function setUp(): string {
  const dir = makeTempDir();
  mkdirSync(join(dir, "ws"));
  mkdirSync(join(dir, "home"));
  writeFileSync(join(dir, "ws", "SOUL.md"), "# Soul\nBe kind.\n");
  mkdirSync(join(dir, "scenarios"));
  writeFileSync(
    join(dir, "scenarios", "soul.yaml"),
    [
      "name: soul changes between turns",
      "workspace: ../ws",
      "home: ../home",
      "golden: { systemPrompt: ../golden/soul.md }",
      "turns:",
      "  - user: be brief from now on",
      "    script:",
      "      - tool: write",
      '        input: { path: SOUL.md, content: "# Soul\\nBe kind. Be brief.\\n" }',
      "      - text: done",
      "  - user: hello",
      "    script: [ { text: hi } ]",
      "    expect:",
      "      - prompt-golden: ../golden/soul-after.md",
    ].join("\n"),
  );
  return dir;
}

async function run(dir: string, golden: GoldenPolicy) {
  const host = createTestHost({ cwd: dir });
  const loaded = await loadScenarios({ paths: ["scenarios"], cwd: dir });
  expect(loaded.diagnostics).toEqual([]);
  return runSuite({
    units: planUnits(loaded.scenarios),
    host,
    runId: "r1",
    importModule,
    golden,
    record: { paths: ["scenarios"], models: ["scripted"], concurrency: 1, bail: false },
  });
}

describe("golden checks in a run", () => {
  it("fails a unit whose golden files are missing, with a golden result at the golden key", async () => {
    const dir = setUp();
    const result = await run(dir, { mode: "check", ci: false });
    const [unit] = result.units;
    expect(unit?.status).toBe("failed");
    expect(unit?.golden).toEqual([
      { file: "golden/soul.md", status: "missing" },
      { file: "golden/soul-after.md", status: "missing" },
    ]);
    const first = unit?.turns[0]?.expectations.at(-1);
    expect(first).toMatchObject({
      type: "golden",
      pass: false,
      expected: "golden/soul.md",
      location: { file: "scenarios/soul.yaml", line: 4, column: 25 },
    });
    expect(unit?.turns[1]?.expectations[0]).toMatchObject({ type: "prompt-golden", pass: false });
    expect(readdirSync(dir)).not.toContain("golden");
  });

  it("update writes normalised prompts per turn; the next check matches", async () => {
    const dir = setUp();
    const updated = await run(dir, { mode: "update", ci: false });
    expect(updated.units[0]?.status).toBe("passed");
    expect(updated.units[0]?.golden?.map((check) => check.status)).toEqual(["written", "written"]);
    const first = readFileSync(join(dir, "golden", "soul.md"), "utf8");
    const second = readFileSync(join(dir, "golden", "soul-after.md"), "utf8");
    expect(first).toContain("## <workspace>/SOUL.md\n# Soul\nBe kind.\n");
    expect(second).toContain("## <workspace>/SOUL.md\n# Soul\nBe kind. Be brief.\n");
    expect(first.endsWith("\n") && !first.endsWith("\n\n")).toBe(true);
    expect(first).not.toContain(dir);
    expect(first).not.toMatch(/claw-eval-unit-/);
    expect(first).toMatch(/^Runtime: agent=main \| host=<host> \| os=<os> \| node=<node> \| model=<model>/m);

    const checked = await run(dir, { mode: "check", ci: false });
    expect(checked.units[0]?.status).toBe("passed");
    expect(checked.units[0]?.golden?.map((check) => check.status)).toEqual(["match", "match"]);
  });

  it("shows the changed section by heading when a workspace file changes", async () => {
    const dir = setUp();
    await run(dir, { mode: "update", ci: false });
    writeFileSync(join(dir, "ws", "SOUL.md"), "# Soul\nBe kind and curious.\n");
    const result = await run(dir, { mode: "check", ci: false });
    const golden = result.units[0]?.turns[0]?.expectations.at(-1);
    expect(golden?.pass).toBe(false);
    expect(golden?.actual).toContain("~ changed  ## <workspace>/SOUL.md  (+3 tokens)");
    expect(golden?.actual).toContain("-Be kind.\n+Be kind and curious.");
  });

  it("maps the unit's paths as golden files do: HOME to ~, the workspace to <workspace>", async () => {
    const dir = setUp();
    const loaded = await loadScenarios({ paths: ["scenarios"], cwd: dir });
    const [scenario] = loaded.scenarios;
    if (scenario === undefined) throw new Error("no scenario");
    const environment = await prepareUnitEnvironment({ scenario, unitId: "u", host: createTestHost({ cwd: dir }) });
    try {
      expect(environment.placeholders).toEqual([
        [environment.homeDir, "~"],
        [`${environment.workspaceDir}.bin`, "<bin>"],
        [environment.workspaceDir, "<workspace>"],
      ]);
    } finally {
      await environment.dispose();
    }
  });

  it("lists golden files no scenario uses, in the folders the scenarios use", async () => {
    const dir = setUp();
    await run(dir, { mode: "update", ci: false });
    writeFileSync(join(dir, "golden", "old.md"), "x\n");
    writeFileSync(join(dir, "golden", "notes.txt"), "x\n");
    const loaded = await loadScenarios({ paths: ["scenarios"], cwd: dir });
    const host = createTestHost({ cwd: dir });
    expect(await findObsoleteGoldenFiles({ scenarios: loaded.scenarios, fs: host.fs, cwd: dir })).toEqual([
      "golden/old.md",
    ]);
  });
});
