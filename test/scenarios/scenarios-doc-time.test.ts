import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import { normaliseScenario } from "../../src/scenarios/normalise-scenario.js";
import { parseScenarioText } from "../../src/scenarios/parse-scenario-text.js";

const page = readFileSync(fileURLToPath(new URL("../../docs/scenarios.md", import.meta.url)), "utf8");

/** The text of the section that starts with `heading`, up to the next heading of its level or higher. */
function section(heading: string): string {
  const start = page.indexOf(`${heading}\n`);
  if (start < 0) throw new Error(`docs/scenarios.md has no ${heading}`);
  const level = /^#+/.exec(heading)?.[0].length ?? 2;
  const rest = page.slice(start + heading.length);
  const next = rest.search(new RegExp(`\\n#{1,${level}} `));
  return next < 0 ? rest : rest.slice(0, next);
}

/** The fenced blocks of `text`, with their info strings. */
function codeBlocks(text: string): { info: string; body: string }[] {
  return [...text.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((match) => ({
    info: match[1] ?? "",
    body: match[2] ?? "",
  }));
}

/** A YAML example as a whole scenario file: a name, and a turn around a bare script. */
function asScenario(body: string): string {
  if (body.startsWith("script:")) {
    const indented = body.replace(/^/gm, "    ").trimEnd();
    return `name: doc example\nturns:\n  - user: go\n${indented}\n`;
  }
  const withTurns = body.includes("turns:") ? body : `${body}turns: [{ user: hi }]\n`;
  return `name: doc example\n${withTurns}`;
}

describe('docs/scenarios.md "Time, arrivals and origins"', () => {
  const time = section("## Time, arrivals and origins");

  it("has YAML examples that load as written", () => {
    const examples = codeBlocks(time.slice(0, time.indexOf("### Time and origin errors")));
    const yaml = examples.filter((block) => block.info === "yaml");
    expect(yaml.length).toBeGreaterThanOrEqual(4);
    for (const { body } of yaml) {
      const text = asScenario(body);
      const parsed = parseScenarioText({ text, file: "doc.yaml" });
      if (!parsed.ok) throw new Error(`${text}\n${parsed.diagnostics.map(formatDiagnostic).join("\n")}`);
      const result = normaliseScenario({
        scenarioFile: parsed.value,
        path: "/docs/doc.yaml",
        fileId: "doc",
        locate: parsed.locate,
      });
      expect("scenario" in result, text).toBe(true);
    }
  });

  it("shows the errors its example file really gets", () => {
    const [source, output] = codeBlocks(section("### Time and origin errors"));
    const parsed = parseScenarioText({ text: source?.body ?? "", file: "time.yaml" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.diagnostics.map(formatDiagnostic)).toEqual(output?.body.trimEnd().split("\n"));
  });
});
