import { SCENARIO_FILE } from "./fuzz-layout.js";
import type { FuzzCase } from "./fuzz-types.js";
import { renderYaml, scenarioCase } from "./scenario-document.js";

/** A data-driven scenario whose cases fill `q` and `a` (and `id` when the file has one). */
function templateScenario(casesFile: string): string {
  return renderYaml({
    name: "case {{q}}",
    cases: casesFile,
    turns: [{ user: "{{q}}", script: [{ text: "{{a}}" }], expect: [{ "reply-contains": "{{a}}" }] }],
  });
}

/** A run of the template scenario over `suite/<file>`; a bad file must be named (it or the scenario). */
export function casesCase(options: { label: string; file: string; content: string; invalid: boolean }): FuzzCase {
  const path = `suite/${options.file}`;
  return scenarioCase({
    label: options.label,
    document: templateScenario(options.file),
    files: [{ path, content: options.content }],
    ...(options.invalid ? { blame: [path, SCENARIO_FILE], exits: [2] } : {}),
  });
}
