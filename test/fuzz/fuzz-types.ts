import type fc from "fast-check";

/** The kinds of input the fuzzer covers; every class belongs to one. */
export const FUZZ_CATEGORIES = [
  "scenario",
  "cases",
  "regex",
  "skills",
  "gitignore",
  "config",
  "hooks",
  "cassettes",
  "model-replies",
] as const;

export type FuzzCategory = (typeof FUZZ_CATEGORIES)[number];

/** One file of an input, written below the input's folder before it runs. */
export interface FuzzFile {
  /** Relative to the input folder, `/`-separated. */
  path: string;
  content: string | Uint8Array;
}

/**
 * One generated input: files, and the command that runs them with the input folder as the
 * working directory. The executor adds HOME, TMPDIR, CI=true and a report folder.
 */
export interface FuzzCase {
  /** One line saying what the input is, shown with failures. */
  label: string;
  files: FuzzFile[];
  /** CLI arguments, e.g. `["run", "suite/s.yaml"]`; paths relative to the input folder. */
  argv: string[];
  /**
   * For an input that is bad on purpose: the files (as in `files`), one of which the output must
   * name. Without it the input may be valid or not; only the general invariants apply.
   */
  blame?: readonly string[];
  /** Exit codes that count as handled. Default: 0, 1 and 2. */
  exits?: readonly number[];
}

/** A named generator of inputs of one kind, with what it expects of them. */
export interface FuzzClass {
  /** `<category>/<kind>`, e.g. `scenario/bins-traversal`; the unit of `KNOWN_DEFECT_CLASSES`. */
  name: string;
  category: FuzzCategory;
  arbitrary: fc.Arbitrary<FuzzCase>;
  /** Where its inputs may run (default both); a class whose defect only the real binary shows says `["cli"]`. */
  transports?: readonly FuzzTransport[];
}

/** How an input was run. */
export type FuzzTransport = "in-process" | "cli";

/** What running one input produced, as the invariant check sees it. */
export interface FuzzOutcome {
  /** Exit code; null when there is none (a hang or a crash). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** The per-input deadline passed and the run was killed. */
  hung: boolean;
  /** Why the process died without an exit code, e.g. `killed by SIGABRT`; undefined when it did not. */
  crash?: string;
  /** Files created or changed outside the input's folder (canary tree, planted escape targets). */
  escapes: readonly string[];
}

export const VIOLATION_KINDS = [
  "hang",
  "crash",
  "exit-3",
  "unexpected-exit",
  "stack-trace",
  "unnamed-file",
  "escape",
] as const;

export type ViolationKind = (typeof VIOLATION_KINDS)[number];

export interface FuzzViolation {
  kind: ViolationKind;
  detail: string;
}

/** What one class did in a campaign. */
export interface ClassTally {
  name: string;
  category: FuzzCategory;
  inputs: number;
  /** Inputs through the built binary (the rest ran in the worker). */
  cli: number;
  /** Inputs the CLI reported as bad (exit 2 or a diagnostic naming one of their files). */
  diagnostics: number;
  /** Inputs that kept every invariant. */
  passes: number;
  failures: number;
  /** Inputs not run because an earlier one of the class hung (each hang costs a whole deadline). */
  skipped: number;
  /** Wall time spent on the class's inputs, ms (for the report, never asserted). */
  ms: number;
}

/** One input that broke an invariant, with what it takes to run it again. */
export interface FuzzFailure {
  className: string;
  inputSeed: number;
  transport: FuzzTransport;
  label: string;
  violations: FuzzViolation[];
}

export interface CampaignResult {
  seed: number;
  tallies: ClassTally[];
  failures: FuzzFailure[];
  /** Names of classes with at least one failure, sorted. */
  failingClasses: string[];
  /**
   * Escape-prefixed entries in the system temp folder found by the whole-folder scan at the end:
   * escapes under a name the per-input check does not look for. Should be empty.
   */
  strayEscapes: string[];
}
