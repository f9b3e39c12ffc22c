import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";
import { normaliseScenario } from "../../src/scenarios/normalise-scenario.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";

const fixtures = fileURLToPath(new URL("../fixtures/scenarios", import.meta.url));

async function load(path: string) {
  const result = await loadScenarios({ paths: [path], cwd: fixtures });
  return { ...result, messages: result.diagnostics.map(formatDiagnostic), ids: result.scenarios.map((s) => s.id) };
}

describe("scenario config checks", () => {
  it("unknown keys and invalid values are warnings at their YAML nodes; the scenario still loads", async () => {
    const result = await load("config/unknown-and-invalid.yaml");
    expect(result.ids).toEqual(["unknown-and-invalid"]);
    expect(result.messages).toEqual([
      'config/unknown-and-invalid.yaml:5:7: config.agents.defaults.bootstrapMaxChar: expected a known agents.defaults key (unknown keys are ignored), found key "bootstrapMaxChar" (did you mean bootstrapMaxChars?)',
      "config/unknown-and-invalid.yaml:6:31: config.agents.defaults.bootstrapTotalMaxChars: expected a positive number (the default 150000 applies), found number 0",
      'config/unknown-and-invalid.yaml:11:28: config.skills.entries.my-skill.enabled: expected true or false (the default true applies), found string "no"',
    ]);
    expect(result.diagnostics.every((diagnostic) => diagnostic.severity === "warning")).toBe(true);
    expect(result.scenarios[0]?.config).toEqual({
      agents: {
        defaults: { bootstrapMaxChar: 5000, bootstrapTotalMaxChars: 0, models: { "openai/gpt-5": { alias: "fast" } } },
      },
      skills: { entries: { "my-skill": { enabled: "no" } } },
      channels: { telegram: { anything: "goes" } },
    });
  });

  it("allow and alsoAllow in one scope is an error naming the scope: the file does not load", async () => {
    const result = await load("config/allow-and-also-allow.yaml");
    expect(result.ids).toEqual([]);
    expect(result.diagnostics).toEqual([
      {
        file: "config/allow-and-also-allow.yaml",
        line: 10,
        column: 11,
        path: "config.agents.list[0].tools.alsoAllow",
        expected:
          "either allow or alsoAllow in agents.list[0].tools, not both (alsoAllow adds to a profile; allow replaces it)",
        found: "both agents.list[0].tools.allow and agents.list[0].tools.alsoAllow",
        severity: "error",
      },
    ]);
  });

  it("a data-driven file reports its config warnings once, not once per case", async () => {
    const result = await load("config/with-cases.yaml");
    expect(result.ids).toEqual(["with-cases#1", "with-cases#2"]);
    expect(result.messages).toEqual([
      'config/with-cases.yaml:3:12: config.tools.profil: expected a known tools key (unknown keys are ignored), found key "profil" (did you mean profile?)',
    ]);
  });

  it("a config made of keys the specs name gives no diagnostics", async () => {
    const result = await load("config/valid.yaml");
    expect(result.messages).toEqual([]);
    expect(result.ids).toEqual(["valid"]);
  });

  it("normaliseScenario returns config warnings beside the scenario and errors instead of it", () => {
    const text = "name: x\nconfig:\n  tools: { allow: [read], alsoAllow: [exec], bogus: 1 }\nturns:\n  - user: hi\n";
    const parsed = parseScenarioText({ text, file: "s.yaml" });
    if (!parsed.ok) throw new Error("should parse");
    const options = { scenarioFile: parsed.value, path: "/s/s.yaml", displayPath: "s.yaml", fileId: "s" };
    const result = normaliseScenario({ ...options, locate: parsed.locate, locateKey: parsed.locateKey });
    expect("diagnostics" in result && result.diagnostics.map(formatDiagnostic)).toEqual([
      's.yaml:3:46: config.tools.bogus: expected a known tools key (unknown keys are ignored), found key "bogus"',
      "s.yaml:3:27: config.tools.alsoAllow: expected either allow or alsoAllow in tools, not both (alsoAllow adds to a profile; allow replaces it), found both tools.allow and tools.alsoAllow",
    ]);
    const warned = parseScenarioText({ text: text.replace("alsoAllow: [exec], ", ""), file: "s.yaml" });
    if (!warned.ok) throw new Error("should parse");
    const ok = normaliseScenario({ ...options, scenarioFile: warned.value, locate: warned.locate });
    expect("scenario" in ok && ok.warnings?.map((warning) => warning.path)).toEqual(["config.tools.bogus"]);
  });
});
