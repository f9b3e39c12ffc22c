import { parseDocument, type YAMLError } from "yaml";
import { type FrontmatterReading, isRecord } from "./frontmatter-reading.js";

/**
 * The full strict reading of a frontmatter block with the `yaml` package (YAML 1.2, core
 * schema, duplicate keys are errors). Pure; never throws: a parser failure is a reading
 * with `ok: false`.
 */
export function readFrontmatterYaml(yaml: string): FrontmatterReading {
  try {
    // logLevel "error": yaml would otherwise print warnings (e.g. collection keys) to the console.
    const document = parseDocument(yaml, { logLevel: "error" });
    const error = document.errors[0];
    if (error !== undefined) return describeYamlError(error);
    const value: unknown = document.toJS({ maxAliasCount: 100 });
    return { ok: true, values: isRecord(value) ? value : {} };
  } catch (error) {
    // toJS throws on alias bombs and similar resource limits: report them as syntax errors.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message: firstLine(message), line: 1, column: 1 };
  }
}

function describeYamlError(error: YAMLError): FrontmatterReading {
  const position = error.linePos?.[0];
  return {
    ok: false,
    message: firstLine(error.message).replace(/ at line \d+, column \d+:?$/, ""),
    line: position?.line ?? 1,
    column: position?.col ?? 1,
  };
}

function firstLine(text: string): string {
  const end = text.indexOf("\n");
  return end === -1 ? text : text.slice(0, end);
}
