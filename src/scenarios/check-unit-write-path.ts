import { isAbsolute, posix } from "node:path";
import { checkPathText } from "./check-path-text.js";

/** The rule {@link checkUnitWritePath} enforces, worded for the "expected ..." of a diagnostic. */
export const UNIT_WRITE_PATH_RULE =
  "a path under ~ or a relative one that stays inside the unit's own temp folders (a run writes nowhere else)";

/**
 * What lets a path the run writes to (a state folder in `env`, the memory index's `store.path`)
 * land outside the unit's temp folders: an absolute path, or `..` climbing out of `~` or of the
 * folder a relative path is resolved in. `undefined` when it stays inside. `:memory:` is not a
 * path and is left to the caller. Pure.
 */
export function checkUnitWritePath(path: string): string | undefined {
  const unusable = checkPathText(path);
  if (unusable !== undefined) return unusable;
  const text = path.trim();
  const underHome = text === "~" || text.startsWith("~/");
  const rest = text === "~" ? "." : underHome ? text.slice(2) : text;
  if (!underHome && isAbsolute(rest)) return "is an absolute path";
  const normalised = posix.normalize(rest.replace(/^\/+/, "") || ".");
  if (normalised === ".." || normalised.startsWith("../")) return "climbs out with ..";
  return undefined;
}
