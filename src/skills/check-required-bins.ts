import { checkPathText, PATH_TEXT_EXPECTED } from "../config/check-path-text.js";
import { createSkillDiagnostic, describeFrontmatterValue } from "./create-skill-diagnostic.js";
import type { SkillDiagnostic, SkillRequires } from "./skill-types.js";

/**
 * Whether a required bin can be looked up on PATH at all (see `checkPathText`). Bins that
 * cannot are never looked up: they count as missing, and {@link checkRequiredBins} says why.
 */
export function isSearchableBin(bin: string): boolean {
  return checkPathText(bin) === undefined;
}

/**
 * A warning for each `requires.bins` / `requires.anyBins` entry no PATH lookup can take (a NUL
 * byte, an over-long name), at the `metadata` line of `file`. The skill still loads; such a
 * bin counts as missing. Pure.
 */
export function checkRequiredBins(options: {
  requires: SkillRequires | undefined;
  file: string;
  line: number;
}): SkillDiagnostic[] {
  const diagnostics: SkillDiagnostic[] = [];
  for (const key of ["bins", "anyBins"] as const) {
    (options.requires?.[key] ?? []).forEach((bin, index) => {
      const problem = checkPathText(bin);
      if (problem === undefined) return;
      diagnostics.push(
        createSkillDiagnostic({
          file: options.file,
          line: options.line,
          code: "invalid-bin",
          severity: "warning",
          path: `metadata.openclaw.requires.${key}[${index}]`,
          expected: `a program name (${PATH_TEXT_EXPECTED}); the skill counts it as missing`,
          found: `${describeFrontmatterValue(bin)} (${problem})`,
        }),
      );
    });
  }
  return diagnostics;
}
