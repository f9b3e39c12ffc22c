import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyConfigFile } from "../../src/cli/apply-config-file.js";
import { buildConfigJsonSchema } from "../../src/cli/build-config-json-schema.js";
import { UsageError } from "../../src/cli/command-context.js";
import { discoverConfigFile } from "../../src/cli/discover-config-file.js";
import { loadConfigFile, MAX_CONFIG_FILE_BYTES } from "../../src/cli/load-config-file.js";
import { CONFIG_KEYS, CONFIG_SETTINGS } from "../../src/cli/run-option-table.js";
import { formatDiagnostic } from "../../src/domain/index.js";
import { createNodeFileSystem } from "../../src/platform/node-file-system.js";
import { importModule } from "../../src/runner/import-module.js";
import { makeTempDir } from "../support/run-cli.js";

const fs = createNodeFileSystem();

async function load(cwd: string, path?: string) {
  return loadConfigFile({ fs, cwd, importModule, ...(path === undefined ? {} : { path }) });
}

async function problems(cwd: string, path?: string): Promise<string[]> {
  const loaded = await load(cwd, path);
  if (loaded.ok) throw new Error("expected the config file to be refused");
  return loaded.diagnostics.map(formatDiagnostic);
}

describe("config file discovery", () => {
  it("finds the nearest config file from the working directory up, and none when there is none", async () => {
    const root = makeTempDir("claw-eval-config-");
    const inner = join(root, "a", "b");
    mkdirSync(inner, { recursive: true });
    expect(await discoverConfigFile({ fs, cwd: inner })).toBeUndefined();
    writeFileSync(join(root, "claw-eval.config.yaml"), "out: top\n");
    expect(await discoverConfigFile({ fs, cwd: inner })).toBe(join(root, "claw-eval.config.yaml"));
    writeFileSync(join(root, "a", "claw-eval.config.json"), '{ "out": "middle" }\n');
    expect(await discoverConfigFile({ fs, cwd: inner })).toBe(join(root, "a", "claw-eval.config.json"));
  });

  it("refuses two config files in one folder, naming both", async () => {
    const root = makeTempDir("claw-eval-config-");
    writeFileSync(join(root, "claw-eval.config.json"), "{}\n");
    writeFileSync(join(root, "claw-eval.config.mjs"), "export default {};\n");
    const found = discoverConfigFile({ fs, cwd: root });
    await expect(found).rejects.toThrow(UsageError);
    await expect(found).rejects.toThrow(
      "found 2 config files in one folder: claw-eval.config.json and claw-eval.config.mjs; keep one of them, or choose one with --config-file",
    );
  });

  it("reads --config-file instead of the nearest file, and refuses a missing one", async () => {
    const root = makeTempDir("claw-eval-config-");
    writeFileSync(join(root, "claw-eval.config.yaml"), "out: nearest\n");
    writeFileSync(join(root, "other.yaml"), "out: chosen\n");
    const loaded = await load(root, "other.yaml");
    expect(loaded.ok && loaded.config?.values).toEqual({ out: "chosen" });
    await expect(load(root, "missing.yaml")).rejects.toThrow("--config-file: missing.yaml does not exist");
    await expect(load(root, "notes.txt")).rejects.toThrow("expected a .json, .yaml, .yml or .mjs file");
  });
});

describe("config file validation", () => {
  it("accepts every key and reports where the file is", async () => {
    const root = makeTempDir("claw-eval-config-");
    writeFileSync(
      join(root, "claw-eval.config.yaml"),
      [
        "paths: [suite/]",
        "models: [scripted]",
        "repeat: 2",
        "concurrency: 3",
        "timeout: 1.5",
        "reporters: [console, json]",
        "out: out",
        "cassettes: tapes",
        "faults: rate=0.5,seed=3",
        "stream: true",
      ].join("\n"),
    );
    const loaded = await load(root);
    expect(loaded).toEqual({
      ok: true,
      config: {
        path: join(root, "claw-eval.config.yaml"),
        directory: root,
        values: {
          paths: ["suite/"],
          models: ["scripted"],
          repeat: 2,
          concurrency: 3,
          timeout: 1.5,
          reporters: ["console", "json"],
          out: "out",
          cassettes: "tapes",
          faults: "rate=0.5,seed=3",
          stream: true,
        },
      },
    });
  });

  it("names the file, line and key of an unknown key, with the closest known key", async () => {
    const root = makeTempDir("claw-eval-config-");
    writeFileSync(join(root, "claw-eval.config.yaml"), "out: reports\nconcurency: 4\n");
    expect(await problems(root)).toEqual([
      'claw-eval.config.yaml:2:1: expected a config key (paths, models, repeat, concurrency, timeout, reporters, out, cassettes, faults, stream), found key "concurency" (did you mean concurrency?)',
    ]);
  });

  it("names the line and field of a bad value in JSON and says what it takes", async () => {
    const root = makeTempDir("claw-eval-config-");
    writeFileSync(
      join(root, "claw-eval.config.json"),
      '{\n  "concurrency": 0,\n  "reporters": ["console", "pdf"],\n  "models": ["opnai:gpt-5"]\n}\n',
    );
    const found = await problems(root);
    expect(found[0]).toBe(
      "claw-eval.config.json:2:18: concurrency: expected an integer from 1 to 1024, found number 0",
    );
    expect(found[1]).toMatch(
      /^claw-eval\.config\.json:3:28: reporters\[1\]: expected a list of reporter names \(console, /,
    );
    expect(found[1]).toContain('found string "pdf"');
    expect(found[2]).toMatch(/^claw-eval\.config\.json:4:14: models\[0\]: expected a list of 1 to 1000 model ids/);
    expect(found[2]).toContain("(did you mean openai:gpt-5?)");
    expect(found).toHaveLength(3);
  });

  it("reports invalid YAML, a bad fault spec and a top level that is not a mapping", async () => {
    const root = makeTempDir("claw-eval-config-");
    writeFileSync(join(root, "a.yaml"), "out: [unclosed\n");
    expect((await problems(root, "a.yaml"))[0]).toMatch(/^a\.yaml:\d+:\d+: expected valid JSON or YAML, found /);
    writeFileSync(join(root, "b.yaml"), "faults: rate=2\n");
    expect(await problems(root, "b.yaml")).toEqual([
      'b.yaml:1:9: faults: expected a fault spec such as rate=0.2,kinds=429|5xx|timeout,seed=7, found rate: expected a number from 0 to 1, found "2"',
    ]);
    writeFileSync(join(root, "d.yaml"), "stream: yes please\n");
    expect(await problems(root, "d.yaml")).toEqual([
      'd.yaml:1:9: stream: expected true or false, found string "yes please"',
    ]);
    writeFileSync(join(root, "c.yaml"), "- out\n");
    expect((await problems(root, "c.yaml"))[0]).toMatch(/^c\.yaml:1:1: expected a mapping of config keys/);
  });

  it("imports an .mjs config's default export and checks it like the others", async () => {
    const root = makeTempDir("claw-eval-config-");
    writeFileSync(join(root, "claw-eval.config.mjs"), "export default { models: ['scripted'], repeat: 3 };\n");
    const loaded = await load(root);
    expect(loaded.ok && loaded.config?.values).toEqual({ models: ["scripted"], repeat: 3 });
    writeFileSync(join(root, "bad.mjs"), "export default { reapet: 3 };\n");
    expect(await problems(root, "bad.mjs")).toEqual([
      'bad.mjs:1:1: expected a config key (paths, models, repeat, concurrency, timeout, reporters, out, cassettes, faults, stream), found key "reapet" (did you mean repeat?)',
    ]);
    writeFileSync(join(root, "none.mjs"), "export const models = ['scripted'];\n");
    expect(await problems(root, "none.mjs")).toEqual([
      "none.mjs:1:1: expected a default export (export default { ... }), found no default export",
    ]);
  });

  it("refuses a config file larger than the limit before reading or importing it", async () => {
    const root = makeTempDir("claw-eval-config-");
    const big = `export default {};\n//${"x".repeat(MAX_CONFIG_FILE_BYTES)}\n`;
    writeFileSync(join(root, "big.mjs"), big);
    expect(await problems(root, "big.mjs")).toEqual([
      `big.mjs:1:1: expected a config file of at most ${MAX_CONFIG_FILE_BYTES} bytes, found ${Buffer.byteLength(big)} bytes`,
    ]);
  });
});

describe("applyConfigFile", () => {
  it("fills what the command line left out, resolves paths from the config's folder, then the defaults", () => {
    const config = {
      path: "/project/claw-eval.config.yaml",
      directory: "/project",
      values: { paths: ["suite/"], models: ["scripted"], concurrency: 2, out: "out", cassettes: "tapes" },
    };
    expect(
      applyConfigFile({
        inputs: { paths: [], flags: { concurrency: "5" }, pathsFromCommandLine: false },
        config,
        cwd: "/project/sub",
      }),
    ).toEqual({
      paths: ["../suite"],
      flags: { concurrency: "5", model: ["scripted"], out: "../out", cassettes: "../tapes" },
      pathsFromCommandLine: false,
    });
    expect(
      applyConfigFile({
        inputs: { paths: ["mine.yaml"], flags: { model: ["scripted:echo"] }, pathsFromCommandLine: true },
        config,
        cwd: "/project",
      }),
    ).toEqual({
      paths: ["mine.yaml"],
      flags: { model: ["scripted:echo"], concurrency: "2", out: "out", cassettes: "tapes" },
      pathsFromCommandLine: true,
    });
    expect(
      applyConfigFile({ inputs: { paths: [], flags: {}, pathsFromCommandLine: false }, config: undefined, cwd: "/p" }),
    ).toEqual({ paths: ["scenarios/"], flags: { out: "reports" }, pathsFromCommandLine: false });
  });

  it("turns the file's stream: true into --stream", () => {
    const config = { path: "/p/claw-eval.config.json", directory: "/p", values: { stream: true } };
    expect(
      applyConfigFile({ inputs: { paths: [], flags: {}, pathsFromCommandLine: false }, config, cwd: "/p" }).flags,
    ).toEqual({ stream: true, out: "reports" });
  });
});

describe("docs/config.md", () => {
  it("lists every config key with its command-line option", () => {
    const page = readFileSync(join(import.meta.dirname, "../../docs/config.md"), "utf8");
    for (const key of CONFIG_KEYS) {
      const flags = CONFIG_SETTINGS[key].flags;
      const option = flags === undefined ? "the positional paths" : (flags.match(/--[a-z-]+/)?.[0] ?? flags);
      expect(page).toMatch(new RegExp(`^\\| \`${key}\` \\| [^\\n]*${option}`, "m"));
    }
  });
});

describe("schema/claw-eval.config.schema.json", () => {
  it("matches the zod schema (regenerate with: npm run schema)", () => {
    const file = join(import.meta.dirname, "../../schema/claw-eval.config.schema.json");
    expect(
      JSON.parse(readFileSync(file, "utf8")),
      "schema/claw-eval.config.schema.json is stale; regenerate it with: npm run schema",
    ).toEqual(buildConfigJsonSchema());
  });
});
