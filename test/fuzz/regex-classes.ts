import fc from "fast-check";
import { SCENARIO_FILE } from "./fuzz-layout.js";
import type { FuzzCase, FuzzClass } from "./fuzz-types.js";
import { anyText } from "./fuzz-values.js";
import { flags, regexSource } from "./regex-source.js";
import { scenarioCase } from "./scenario-document.js";

/** A scenario that greps `notes.md` (holding `line`) and replies `reply`, checking it with `replyMatches`. */
function regexScenario(options: {
  label: string;
  grep?: Record<string, unknown>;
  reply: string;
  replyMatches?: string;
  line?: string;
  invalid?: boolean;
}): FuzzCase {
  const grepStep = options.grep === undefined ? [] : [{ tool: "grep", input: options.grep }];
  const expect = options.replyMatches === undefined ? [] : [{ "reply-matches": options.replyMatches }];
  return scenarioCase({
    label: options.label,
    document: {
      name: "regex",
      workspace: "ws",
      turns: [{ user: "search", script: [...grepStep, { text: options.reply }], expect }],
    },
    files: [{ path: "suite/ws/notes.md", content: `# Notes\n${options.line ?? "alpha beta 42"}\nlast line\n` }],
    ...(options.invalid ? { blame: [SCENARIO_FILE], exits: [2] } : {}),
  });
}

const INVALID_PATTERNS = [
  "(",
  ")",
  "[z-a]",
  "a**",
  "*a",
  "+",
  "x{2,1}",
  "(?P<n>a",
  "\\",
  "[",
  "(?<",
  "/(/",
  "/a/zz",
  "/a/gg",
  "/[/i",
];

/** `reply-matches` patterns that compile in no engine: a diagnostic at the expectation. */
export function replyMatchesInvalidClass(): FuzzClass {
  const arbitrary = fc.tuple(fc.constantFrom(...INVALID_PATTERNS), anyText).map(([pattern, reply]) =>
    regexScenario({
      label: `reply-matches: ${JSON.stringify(pattern)}`,
      reply,
      replyMatches: pattern,
      invalid: true,
    }),
  );
  return { name: "regex/reply-matches-invalid", category: "regex", arbitrary };
}

/** Random `reply-matches` patterns and flags against short replies: passes, fails or a diagnostic. */
export function replyMatchesRandomClass(): FuzzClass {
  const arbitrary = fc
    .tuple(regexSource, flags, fc.boolean(), fc.string({ maxLength: 20 }))
    .map(([source, flag, slashed, reply]) => {
      const pattern = slashed ? `/${source}/${flag}` : source;
      return regexScenario({
        label: `reply-matches: ${JSON.stringify(pattern)} on ${JSON.stringify(reply)}`,
        reply,
        replyMatches: pattern,
      });
    });
  return { name: "regex/reply-matches-random", category: "regex", arbitrary };
}

/** Patterns that backtrack exponentially (or with a high power) on a long run of `a` that ends badly. */
const CATASTROPHIC = ["^(a+)+$", "(a|a)*$", "^(a|aa)+$", "(a*)*b", "^(\\w+\\s?)*$", "(.*a){25}$", "^(a?){40}a{40}$"];

const longRun = fc.integer({ min: 34, max: 48 }).map((length) => `${"a".repeat(length)}!`);

/** A catastrophic `reply-matches` pattern: the expectation fails or passes in bounded time, never hangs the run. */
export function replyMatchesCatastrophicClass(): FuzzClass {
  const arbitrary = fc.tuple(fc.constantFrom(...CATASTROPHIC), longRun).map(([pattern, reply]) =>
    regexScenario({
      label: `reply-matches: ${JSON.stringify(pattern)} on ${reply.length} chars`,
      reply,
      replyMatches: pattern,
    }),
  );
  return {
    name: "regex/reply-matches-catastrophic",
    category: "regex",
    arbitrary: arbitrary.map((value) => ({ ...value, exits: [0, 1] })),
  };
}

/** Random `grep` tool calls from the scripted model: a result or a tool error, never a crash. */
export function grepRandomClass(): FuzzClass {
  const input = fc.record(
    {
      pattern: fc.oneof(regexSource, anyText, fc.constantFrom(...INVALID_PATTERNS)),
      ignoreCase: fc.oneof(fc.boolean(), anyText),
      literal: fc.boolean(),
      context: fc.oneof(fc.integer({ min: -5, max: 1000 }), anyText),
      limit: fc.oneof(fc.integer(), fc.double()),
      glob: fc.oneof(fc.constantFrom("*.md", "**/*", "[", "{a,b", "../**"), anyText),
    },
    { requiredKeys: ["pattern"] },
  );
  const arbitrary = fc
    .tuple(input, anyText)
    .map(([grep, line]) =>
      regexScenario({ label: `grep ${JSON.stringify(grep).slice(0, 120)}`, grep, reply: "done", line }),
    );
  return { name: "regex/grep-random", category: "regex", arbitrary };
}

/** A model-supplied catastrophic `grep` pattern over a file with a long run of `a`: a bounded tool error, never a hang. */
export function grepCatastrophicClass(): FuzzClass {
  const arbitrary = fc.tuple(fc.constantFrom(...CATASTROPHIC), longRun).map(([pattern, line]) =>
    regexScenario({
      label: `grep ${JSON.stringify(pattern)} over ${line.length} chars`,
      grep: { pattern },
      reply: "done",
      line,
    }),
  );
  return {
    name: "regex/grep-catastrophic",
    category: "regex",
    arbitrary: arbitrary.map((value) => ({ ...value, exits: [0, 1] })),
  };
}
