import { LineCounter, parseDocument } from "yaml";
import { type Diagnostic, errorMessage } from "../domain/index.js";
import { createYamlLocator } from "../scenarios/locate-yaml-node.js";
import { type CheckConfigValuesResult, checkConfigValues } from "./check-config-values.js";

/**
 * Parses and checks the text of a `claw-eval.config.json` or `.yaml` file (JSON is read as the
 * YAML 1.2 it is, so both report lines and columns; duplicate keys are errors). Pure.
 */
export function parseConfigText(options: { text: string; file: string }): CheckConfigValuesResult {
  const { text, file } = options;
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, version: "1.2", prettyErrors: true });
  const problem = (line: number, column: number, expected: string, found: string): Diagnostic => ({
    file,
    line,
    column,
    path: "",
    expected,
    found,
    severity: "error",
  });
  if (document.errors.length > 0) {
    return {
      ok: false,
      diagnostics: document.errors.map((error) => {
        const start = error.linePos?.[0] ?? { line: 1, col: 1 };
        const found = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
        return problem(start.line, start.col, "valid JSON or YAML", found);
      }),
    };
  }
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return { ok: false, diagnostics: [problem(1, 1, "valid JSON or YAML", errorMessage(error))] };
  }
  const locator = createYamlLocator(document, lineCounter);
  return checkConfigValues({ data: data ?? {}, file, locateValue: locator.value, locateKey: locator.key });
}
