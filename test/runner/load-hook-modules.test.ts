import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createHookRegistry } from "../../src/agent/create-hook-registry.js";
import { formatDiagnostic } from "../../src/domain/index.js";
import { importModule } from "../../src/runner/import-module.js";
import { loadHookModules } from "../../src/runner/load-hook-modules.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";

const temporary: string[] = [];

afterEach(async () => {
  await Promise.all(temporary.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function makeFiles(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "claw-eval-hooks-"));
  temporary.push(root);
  for (const [name, content] of Object.entries(files)) await writeFile(join(root, name), content);
  return root;
}

async function load(root: string, names: string[]) {
  const registry = createHookRegistry();
  await loadHookModules({
    paths: names.map((name) => join(root, name)),
    importModule,
    registry,
    displayPath: (path) => path.slice(root.length + 1),
  });
  return registry;
}

describe("loadHookModules", () => {
  it("names the module when it throws a value that throws again when read", async () => {
    const root = await makeFiles({
      "proxy.mjs": "throw new Proxy({}, { get() { throw new Error('trap'); } });",
      "bare.mjs": "export default function register() { throw Object.create(null); }",
      "async.mjs":
        "export default async function register() { throw new Proxy(new Error('e'), { get() { throw 1; } }); }",
    });
    for (const name of ["proxy.mjs", "bare.mjs", "async.mjs"]) {
      await expect(load(root, [name]), name).rejects.toThrow(
        new RegExp(`^hook module ${name.replace(".", "\\.")}: .*could not be read`),
      );
    }
  });

  it("accepts a default register function, a { id, register } object and a named register export", async () => {
    const root = await makeFiles({
      "plain.mjs": 'export default (api) => api.on("llm_input", () => {}, { priority: 3 });',
      "object.mjs": 'export default { id: "obj", register(api) { api.on("llm_input", () => {}); } };',
      "named.js": 'export const id = "named-plugin"; export function register(api) { api.on("agent_end", () => {}); }',
    });
    const registry = await load(root, ["plain.mjs", "object.mjs", "named.js"]);
    const called: string[] = [];
    await registry.runVoid("llm_input", {
      event: {
        runId: "r",
        sessionId: "s",
        provider: "p",
        model: "m",
        systemPrompt: "",
        prompt: "",
        historyMessages: [],
        imagesCount: 0,
      },
      context: {},
      report: (notice) => called.push(notice.pluginId),
    });
    expect(called).toEqual(["plain", "obj"]);
    expect(registry.getHookCount("agent_end")).toBe(1);
  });

  it("names the file and suggests the hook for an unknown hook name", async () => {
    const root = await makeFiles({ "typo.mjs": 'export default (api) => api.on("before_tool_cal", () => {});' });
    await expect(load(root, ["typo.mjs"])).rejects.toThrow(
      'hook module typo.mjs: unknown hook "before_tool_cal" (did you mean before_tool_call?)',
    );
  });

  it("explains a module without a register function, one that fails to import, and a failing register", async () => {
    const root = await makeFiles({
      "empty.mjs": "export const x = 1;",
      "broken.mjs": "export default (",
      "throws.mjs": 'export default () => { throw new Error("needs a token"); };',
      "bad-handler.mjs": 'export default (api) => api.on("llm_input", "nope");',
    });
    await expect(load(root, ["empty.mjs"])).rejects.toThrow(
      /hook module empty\.mjs: exports no register function; write export default function register\(api\)/,
    );
    await expect(load(root, ["broken.mjs"])).rejects.toThrow(/hook module broken\.mjs: could not be imported \(/);
    await expect(load(root, ["throws.mjs"])).rejects.toThrow("hook module throws.mjs: register failed: needs a token");
    await expect(load(root, ["bad-handler.mjs"])).rejects.toThrow(
      "hook module bad-handler.mjs: the llm_input handler is string, expected a function",
    );
  });
});

describe("scenario hooks paths", () => {
  it("are load diagnostics when missing or not JavaScript", async () => {
    const root = await makeFiles({
      "ok.mjs": "export default () => {};",
      "scenario.yaml": "name: s\nhooks: [ok.mjs, missing.mjs, plugin.ts]\nturns: [{ user: hi }]\n",
    });
    const result = await loadScenarios({ paths: ["scenario.yaml"], cwd: root });
    expect(result.scenarios).toEqual([]);
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      'scenario.yaml:2:17: hooks[1]: expected a JavaScript hook module (.js or .mjs) relative to the scenario file, found no file at "missing.mjs"',
      'scenario.yaml:2:30: hooks[2]: expected a JavaScript hook module (.js or .mjs) relative to the scenario file, found "plugin.ts"',
    ]);
  });

  it("validate hook-called names at load time", async () => {
    const root = await makeFiles({
      "scenario.yaml": "name: s\nturns:\n  - user: hi\n    expect:\n      - hook-called: before_tool_cal\n",
    });
    const result = await loadScenarios({ paths: ["scenario.yaml"], cwd: root });
    expect(result.diagnostics.map(formatDiagnostic).join("\n")).toContain("expected a hook name");
  });
});
