import { formatGoldenDiff } from "./format-golden-diff.js";
import { formatGoldenFile } from "./golden-file-text.js";

/** `check` only compares; `update` writes a golden file that is missing or different. */
export type GoldenMode = "check" | "update";

export type GoldenStatus = "match" | "mismatch" | "missing" | "written";

export interface GoldenPolicy {
  mode: GoldenMode;
  /** Running in CI (`CI=true`): golden files are never written, whatever the mode. */
  ci: boolean;
}

export interface CompareGoldenOptions extends GoldenPolicy {
  /** The golden file as shown (relative to the working directory). */
  file: string;
  /** The normalised prompt. */
  actual: string;
  /** The golden file's prompt (see `parseGoldenFile`), or `undefined` when the file is missing. */
  golden: string | undefined;
  /** The new side in the diff header (default `system prompt`). */
  actualLabel?: string;
}

/** The outcome of one golden check, shaped like an expectation result. */
export interface GoldenComparison {
  /** As given in the options. */
  file: string;
  status: GoldenStatus;
  /** `match` and `written` pass. */
  pass: boolean;
  /** One line saying what happened and, on failure, what to do. */
  message: string;
  /** The golden file. */
  expected: string;
  /** On a difference: the per-section summary and the unified diff. */
  actual?: string;
  /** Set when the file must be written: its whole content. */
  write?: string;
}

const UPDATE_HINT = "run `claw-eval golden update` to accept it";
const CI_HINT = "CI=true never writes golden files: run `claw-eval golden update` locally and commit the file";

/** Decides a golden check from the two texts and the policy. Pure; the caller writes `write`. */
export function compareGolden(options: CompareGoldenOptions): GoldenComparison {
  const { file, actual, golden } = options;
  const canWrite = options.mode === "update" && !options.ci;
  const base = { file, expected: file };
  if (golden === actual) return { ...base, status: "match", pass: true, message: `system prompt matches ${file}` };
  if (golden === undefined) {
    if (canWrite) {
      return { ...base, status: "written", pass: true, message: `${file} written`, write: formatGoldenFile(actual) };
    }
    const hint = options.ci ? CI_HINT : "run `claw-eval golden update` to write it";
    return { ...base, status: "missing", pass: false, message: `golden file ${file} is missing: ${hint}` };
  }
  const diff = formatGoldenDiff({
    file,
    golden,
    actual,
    ...(options.actualLabel === undefined ? {} : { actualLabel: options.actualLabel }),
  });
  const headline = diff.summary.split("\n")[0] ?? "";
  if (canWrite) {
    return {
      ...base,
      status: "written",
      pass: true,
      message: `${file} updated: ${headline}`,
      actual: diff.text,
      write: formatGoldenFile(actual),
    };
  }
  const hint = options.ci ? CI_HINT : UPDATE_HINT;
  return {
    ...base,
    status: "mismatch",
    pass: false,
    message: `system prompt differs from ${file}: ${headline}; ${hint}`,
    actual: diff.text,
  };
}
