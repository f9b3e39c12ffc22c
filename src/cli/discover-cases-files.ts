import { dirname, resolve } from "node:path";
import type { FileSystem, Scenario } from "../domain/index.js";
import { parseScenarioText } from "../scenarios/parse-scenario-text.js";

/**
 * The cases file each data-driven scenario file names (`cases: cases.jsonl`), by absolute
 * scenario file path; files with inline cases or none are left out. Files that no longer parse
 * are left out too (the run reports them).
 */
export async function discoverCasesFiles(options: {
  fs: FileSystem;
  scenarios: readonly Scenario[];
}): Promise<Map<string, string>> {
  const files = [...new Set(options.scenarios.filter((scenario) => scenario.caseId !== undefined).map((s) => s.file))];
  const found = new Map<string, string>();
  for (const file of files.sort()) {
    let text: string;
    try {
      text = await options.fs.readText(file);
    } catch {
      continue; // removed since the load: the next load reports it
    }
    const parsed = parseScenarioText({ text, file });
    if (parsed.ok && typeof parsed.value.cases === "string")
      found.set(file, resolve(dirname(file), parsed.value.cases));
  }
  return found;
}
