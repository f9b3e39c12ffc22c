/**
 * Where generated files go. Every input runs in its own folder `<root>/inputs/<n>/` (the working
 * directory) with its scenario at `suite/s.yaml`; a canary tree `<root>/canary/` sits beside the
 * inputs. Generators only ever name paths relative to these, so traversal lands where the sandbox
 * looks.
 */

/** The folder of an input's scenario file, relative to the input folder. */
export const SUITE_DIR = "suite";

/** The scenario file most classes write, relative to the input folder. */
export const SCENARIO_FILE = `${SUITE_DIR}/s.yaml`;

/** The canary tree, seen from the suite folder (`<root>/inputs/<n>/suite/../../../canary`). */
export const CANARY_FROM_SUITE = "../../../canary";

/** The canary tree, seen from the input folder (for CLI arguments). */
export const CANARY_FROM_INPUT = "../../canary";

/** Entries named with this prefix in the system temp folder are escapes (nothing else makes them). */
export const ESCAPE_PREFIX = "claw-eval-fuzz-escape";

/** The literal temp folder that deep `../` chains reach, whatever TMPDIR says. */
export const SYSTEM_TMP = "/tmp";

/** Reaches the file system root from any input folder (deeper than any temp path). */
const TO_ROOT = "../".repeat(48);

/** The names escape paths end in; the sandbox looks for exactly these in the system temp folder. */
export const ESCAPE_NAMES = ["pwned", "pwned-tool"] as const;

export type EscapeName = (typeof ESCAPE_NAMES)[number];

/** Suffixes a writer may add to a target it was given (SQLite's side files). */
export const ESCAPE_SUFFIXES: readonly string[] = ["", "-wal", "-shm", "-journal"];

/**
 * Paths that point out of the input folder, seen from the suite folder: into the canary tree,
 * up to the system temp folder, absolute, via `~` and with mixed separators.
 */
export function escapePaths(name: EscapeName): string[] {
  const target = `${ESCAPE_PREFIX}-${name}`;
  return [
    `${CANARY_FROM_SUITE}/${name}`,
    `${CANARY_FROM_SUITE}/home/.openclaw/${name}`,
    `../../${name}`,
    `${TO_ROOT}tmp/${target}/${name}`,
    `${SYSTEM_TMP}/${target}`,
    `${SYSTEM_TMP}/${target}/${name}`,
    `./../${TO_ROOT.slice(3)}tmp/${target}`,
    `sub/../../../../canary/${name}`,
    `..\\..\\..\\canary\\${name}`,
    `~/../../${name}`,
  ];
}

/** Canary entries that exist, seen from the suite folder: reading them is allowed, writing is not. */
export const CANARY_TARGETS = {
  folder: CANARY_FROM_SUITE,
  workspace: `${CANARY_FROM_SUITE}/workspace`,
  home: `${CANARY_FROM_SUITE}/home`,
  hook: `${CANARY_FROM_SUITE}/hooks/ok.mjs`,
  cases: `${CANARY_FROM_SUITE}/cases.jsonl`,
  golden: `${CANARY_FROM_SUITE}/golden.md`,
  note: `${CANARY_FROM_SUITE}/notes.md`,
} as const;
