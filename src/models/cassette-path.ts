import { join } from "node:path";
import { repeatNumber } from "../domain/index.js";

/** `text` with `disallowed` characters as `_`; empty, `.` and `..` (only dots) become underscores. */
function filenameSafe(text: string, disallowed: RegExp): string {
  const safe = text.replace(disallowed, "_");
  return /^\.*$/.test(safe) ? "_".repeat(Math.max(1, safe.length)) : safe;
}

/**
 * A model id as a single file name: every character outside `[A-Za-z0-9._-]` becomes `_`
 * (`anthropic:claude-x` → `anthropic_claude-x`). Pure.
 */
export function filenameSafeModelId(modelId: string): string {
  return filenameSafe(modelId, /[^A-Za-z0-9._-]/g);
}

export interface CassettePathOptions {
  /** The cassette folder (default `cassettes/` beside the scenario file; the caller resolves it). */
  directory: string;
  /** Scenario id; `/` makes sub-folders, `#case` is kept. */
  scenarioId: string;
  modelId: string;
  /** 0-based repeat index; the file is named by the repeat's number (`1.json` for the first run). */
  repeat: number;
}

/**
 * `<directory>/<scenario id>/<model id, filename-safe>/<repeat number, from 1>.json`. Each `/`-separated part of
 * the scenario id keeps `[A-Za-z0-9._#-]` and turns other characters into `_` (`.` and `..`
 * parts too), so no id can leave the cassette folder. Pure.
 */
export function cassettePath(options: CassettePathOptions): string {
  const scenarioParts = options.scenarioId.split("/").map((part) => filenameSafe(part, /[^A-Za-z0-9._#-]/g));
  return join(
    options.directory,
    ...scenarioParts,
    filenameSafeModelId(options.modelId),
    `${repeatNumber(options.repeat)}.json`,
  );
}
