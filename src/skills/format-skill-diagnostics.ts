import { type Diagnostic, escapeInvisible, formatDiagnostic } from "../domain/index.js";
import { SKILL_CODE_TEXT } from "./skill-report-terms.js";
import type { SkillDiagnostic } from "./skill-types.js";

/** How many warnings of one kind are printed one by one before they are summarised. */
export const LISTED_WARNINGS_PER_KIND = 3;

export interface FormatSkillDiagnosticsOptions {
  /** Print every warning (default false: a kind with many warnings becomes one summary line). */
  verbose?: boolean;
}

/** The spec code of a skill diagnostic, when it has one we can describe. */
function codeOf(diagnostic: Diagnostic): SkillDiagnostic["code"] | undefined {
  const code = (diagnostic as Partial<SkillDiagnostic>).code;
  return code !== undefined && Object.hasOwn(SKILL_CODE_TEXT, code) ? code : undefined;
}

function summaryLine(kind: readonly Diagnostic[]): string {
  const first = kind[0] as Diagnostic;
  const code = codeOf(first);
  const noun = code === undefined ? "warnings" : code === "suspiciously-large-root" ? "roots" : "skills";
  const what = code === undefined ? `expected ${first.expected}` : `${SKILL_CODE_TEXT[code]} (${code})`;
  const example = escapeInvisible(`${first.file}:${first.line}:${first.column}`);
  return `warning: ${kind.length} ${noun}: ${escapeInvisible(what)}, e.g. ${example}; --verbose lists them`;
}

/**
 * The stderr lines of `claw-eval skills` for discovery's diagnostics: every error, one line
 * each, always; warnings grouped by kind (their code, else what they expected), and a kind with
 * more than {@link LISTED_WARNINGS_PER_KIND} warnings shown as one summary line (count, meaning,
 * one example) unless `verbose`. Listed lines keep discovery's order; summaries follow them.
 * Pure.
 */
export function formatSkillDiagnostics(
  diagnostics: readonly Diagnostic[],
  options: FormatSkillDiagnosticsOptions = {},
): string[] {
  const kinds = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity !== "warning") continue;
    const key = codeOf(diagnostic) ?? `expected ${diagnostic.expected}`;
    const kind = kinds.get(key);
    if (kind === undefined) kinds.set(key, [diagnostic]);
    else kind.push(diagnostic);
  }
  const summarised = new Set<Diagnostic>();
  const summaries: string[] = [];
  if (options.verbose !== true) {
    for (const kind of kinds.values()) {
      if (kind.length <= LISTED_WARNINGS_PER_KIND) continue;
      for (const diagnostic of kind) summarised.add(diagnostic);
      summaries.push(summaryLine(kind));
    }
  }
  const listed = diagnostics
    .filter((diagnostic) => !summarised.has(diagnostic))
    .map((diagnostic) => `${diagnostic.severity}: ${formatDiagnostic(diagnostic)}`);
  return [...listed, ...summaries];
}
