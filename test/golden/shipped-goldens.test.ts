import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { createNodeFileSystem } from "../../src/platform/node-file-system.js";
import { findObsoleteGoldenFiles } from "../../src/runner/find-obsolete-golden-files.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";
import { PROJECT_ROOT } from "../support/run-cli.js";

describe("shipped golden files", async () => {
  const loaded = await loadScenarios({ paths: ["scenarios/"], cwd: PROJECT_ROOT });

  it("every shipped scenario has its golden file under golden/", () => {
    expect(loaded.diagnostics.filter((diagnostic) => diagnostic.severity === "error")).toEqual([]);
    const missing = loaded.scenarios
      .filter((scenario) => {
        const file = scenario.golden?.systemPrompt;
        return file === undefined || !relative(PROJECT_ROOT, file).startsWith("golden/") || !existsSync(file);
      })
      .map((scenario) => scenario.id);
    expect(missing).toEqual([]);
  });

  it("every workspace under fixtures/workspaces/ is covered by a scenario with a golden file", () => {
    const root = join(PROJECT_ROOT, "fixtures/workspaces");
    const workspaces = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, entry.name));
    const covered = new Set(
      loaded.scenarios
        .filter((scenario) => scenario.golden?.systemPrompt !== undefined)
        .map((scenario) => scenario.workspace),
    );
    expect(
      workspaces.filter((workspace) => !covered.has(workspace)).map((workspace) => relative(root, workspace)),
    ).toEqual([]);
  });

  it("golden/ holds no file that no scenario uses", async () => {
    const fs = createNodeFileSystem();
    expect(await findObsoleteGoldenFiles({ scenarios: loaded.scenarios, fs, cwd: PROJECT_ROOT })).toEqual([]);
  });
});
