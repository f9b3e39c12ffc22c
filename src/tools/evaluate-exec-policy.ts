import { basename, dirname } from "node:path";
import { compileSafeRegex } from "../platform/compile-safe-regex.js";
import type { ShellAnalysis } from "./analyze-shell-command.js";
import { globToRegExp } from "./glob-to-reg-exp.js";
import type { ExecAllowlistEntry } from "./parse-exec-approvals.js";
import type { ResolvedSegment } from "./resolve-command-segments.js";
import { type ExecSettings, SANDBOX_UNAVAILABLE_MESSAGE } from "./resolve-exec-settings.js";

/** What to do with a command before anyone is asked (spec/loop.md §8.2 steps 1–5). */
export type ExecPolicyDecision =
  | { action: "run" }
  | { action: "deny"; message: string }
  /** Step 6: an approval is needed; `satisfied` is what `askFallback: allowlist` falls back on. */
  | { action: "ask"; satisfied: boolean };

/** Folders a safe bin must resolve into to be trusted. */
const TRUSTED_BIN_DIRS = new Set(["/bin", "/usr/bin"]);

// An entry that cannot compile (the store parser refuses those) matches nothing, and so do
// arguments longer than its pattern may search: either way the command is not pre-approved.
function matchesGlob(pattern: string, texts: readonly string[]): boolean {
  const compiled = globToRegExp({ glob: pattern, ignoreCase: true });
  return compiled.ok && texts.some((text) => compiled.regex.test(text));
}

function matchesArguments(argPattern: string, args: readonly string[]): boolean {
  const compiled = compileSafeRegex({ pattern: argPattern });
  if (!compiled.ok) return false;
  const text = args.join(" ");
  return text.length <= compiled.regex.searchBudgetChars && compiled.regex.test(text);
}

function matchesEntry(entry: ExecAllowlistEntry, segment: ResolvedSegment, executable: string): boolean {
  if (!matchesGlob(entry.pattern, [executable, basename(executable)])) return false;
  return entry.argPattern === undefined || matchesArguments(entry.argPattern, segment.args);
}

/**
 * Whether a segment may run without approval (spec/loop.md §8.2 step 3): its executable resolved,
 * and an allowlist entry's glob matches the resolved path or its bare name (case-insensitive,
 * `*` within a path segment, `**` across) with the entry's `argPattern`, if any, matching the
 * arguments (both on the linear-time regex engine); or it is a safe bin resolved inside `/bin` or `/usr/bin` that reads only stdin.
 */
export function isSegmentSatisfied(
  segment: ResolvedSegment,
  settings: Pick<ExecSettings, "allowlist" | "safeBins">,
): boolean {
  const { executable } = segment;
  if (executable === undefined) return false;
  if (settings.allowlist.some((entry) => matchesEntry(entry, segment, executable))) return true;
  const trusted = TRUSTED_BIN_DIRS.has(dirname(executable));
  return trusted && segment.stdinOnly && settings.safeBins.includes(basename(executable));
}

/**
 * spec/loop.md §8.1–§8.2 up to the approval: an explicit `host: sandbox` without a sandbox
 * fails; `security: deny` denies; a sandboxed session runs (isolation is the control); else the
 * command is allowed, denied, or needs an approval from the analysis and the satisfied segments.
 * `segments` are the resolved segments of a successful analysis (ignored when it failed). Pure.
 */
export function evaluateExecPolicy(options: {
  settings: ExecSettings;
  analysis: ShellAnalysis;
  segments: readonly ResolvedSegment[];
}): ExecPolicyDecision {
  const { settings, analysis } = options;
  if (settings.sandboxUnavailable) return { action: "deny", message: SANDBOX_UNAVAILABLE_MESSAGE };
  if (settings.security === "deny") {
    return { action: "deny", message: `exec denied: host=${settings.host} security=deny` };
  }
  if (settings.host === "sandbox") return { action: "run" };
  const satisfied =
    analysis.ok &&
    options.segments.length > 0 &&
    options.segments.every((segment) => isSegmentSatisfied(segment, settings));
  const requiresApproval =
    settings.ask === "always" || (settings.ask === "on-miss" && settings.security === "allowlist" && !satisfied);
  if (requiresApproval) return { action: "ask", satisfied };
  if (settings.security === "full" || satisfied) return { action: "run" };
  return { action: "deny", message: "exec denied: allowlist miss" };
}
