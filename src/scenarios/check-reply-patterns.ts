import { formatFieldPath } from "../domain/format-field-path.js";
import type { Diagnostic, Expectation, HeartbeatSchedule, Turn } from "../domain/index.js";
import { compileSafeRegex } from "../platform/compile-safe-regex.js";
import type { FieldPath } from "./locate-yaml-node.js";

export interface CheckReplyPatternsOptions {
  turns: readonly Turn[];
  /** The scenario's heartbeat schedule, whose expectations (and its overrides') are checked too. */
  heartbeats?: HeartbeatSchedule | undefined;
  /** Which turn expectations to check, by turn index and position; default all. */
  only?: (turnIndex: number, position: number) => boolean;
}

/** Diagnostics for `reply-matches` patterns the linear-time engine cannot compile, at the expectation. Pure. */
export function checkReplyPatterns(options: CheckReplyPatternsOptions): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const check = (expectation: Expectation, path: FieldPath) => {
    if (expectation.type !== "reply-matches") return;
    const compiled = compileSafeRegex({ pattern: expectation.pattern, flags: expectation.flags });
    if (compiled.ok) return;
    diagnostics.push({
      ...expectation.location,
      path: formatFieldPath([...path, "reply-matches"]),
      expected: "a regular expression without backreferences or lookaround",
      found: compiled.problem,
      severity: "error",
    });
  };
  options.turns.forEach((turn, turnIndex) => {
    turn.expect.forEach((expectation, position) => {
      if (options.only !== undefined && !options.only(turnIndex, position)) return;
      check(expectation, ["turns", turnIndex, "expect", position]);
    });
  });
  const schedule = options.heartbeats;
  schedule?.expect.forEach((expectation, position) => {
    check(expectation, ["heartbeats", "expect", position]);
  });
  schedule?.overrides.forEach((override, index) => {
    // An override without its own expectations shares the schedule's, checked above.
    if (override.expect === schedule.expect) return;
    override.expect.forEach((expectation, position) => {
      check(expectation, ["heartbeats", "overrides", index, "expect", position]);
    });
  });
  return diagnostics;
}
