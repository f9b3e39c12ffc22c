import { describe, expect, it } from "vitest";
import { buildScenarioSelection } from "../../src/cli/build-scenario-selection.js";
import { UsageError } from "../../src/cli/command-context.js";
import type { Scenario } from "../../src/domain/index.js";
import { MAX_REGEX_PATTERN_CHARS } from "../../src/platform/compile-safe-regex.js";
import { isScenarioSelected, selectsEverything } from "../../src/runner/select-scenarios.js";
import { parseTextPattern } from "../../src/runner/text-pattern.js";

function scenario(id: string, name: string, tags: string[]): Scenario {
  return { id, name, tags } as unknown as Scenario;
}

const SCENARIOS = [
  scenario("heartbeat/ack", "Heartbeat acknowledges", ["heartbeat", "fast"]),
  scenario("heartbeat/alert", "Heartbeat alerts", ["heartbeat", "slow"]),
  scenario("memory/recall#c1", "Recall a note", ["memory", "slow"]),
  scenario("tools/edit", "Edits a file", []),
];

function selected(flags: Parameters<typeof buildScenarioSelection>[0]): string[] {
  const selection = buildScenarioSelection(flags);
  return SCENARIOS.filter((entry) => isScenarioSelected(entry, selection)).map((entry) => entry.id);
}

describe("scenario selection", () => {
  it("matches plain --filter text as a case-insensitive substring of the id or name", () => {
    expect(selected({ filter: "HEARTBEAT/" })).toEqual(["heartbeat/ack", "heartbeat/alert"]);
    expect(selected({ filter: "a note" })).toEqual(["memory/recall#c1"]);
    expect(selected({ filter: "/not-a-regex" })).toEqual([]);
  });

  it("reads /pattern/flags as a regex on the id or name", () => {
    expect(selected({ filter: "/^heartbeat\\/a(ck|lert)$/" })).toEqual(["heartbeat/ack", "heartbeat/alert"]);
    expect(selected({ filter: "/^EDITS/i" })).toEqual(["tools/edit"]);
    expect(selected({ filter: "/^EDITS/" })).toEqual([]);
    expect(selected({ filter: "/#c\\d+$/" })).toEqual(["memory/recall#c1"]);
  });

  it("--exclude drops scenarios matching any of its texts or regexes", () => {
    expect(selected({ exclude: ["heartbeat"] })).toEqual(["memory/recall#c1", "tools/edit"]);
    expect(selected({ exclude: ["/ack$/", "tools"] })).toEqual(["heartbeat/alert", "memory/recall#c1"]);
    expect(selected({ filter: "heartbeat", exclude: ["alert"] })).toEqual(["heartbeat/ack"]);
  });

  it("--tag keeps scenarios with any plain tag and none of the !tags", () => {
    expect(selected({ tag: ["!slow"] })).toEqual(["heartbeat/ack", "tools/edit"]);
    expect(selected({ tag: ["heartbeat", "!slow"] })).toEqual(["heartbeat/ack"]);
    expect(selected({ tag: ["memory", "fast"] })).toEqual(["heartbeat/ack", "memory/recall#c1"]);
    expect(selected({ tag: ["!slow", "!fast"] })).toEqual(["tools/edit"]);
  });

  it("says whether a selection keeps everything", () => {
    expect(selectsEverything(buildScenarioSelection({}))).toBe(true);
    expect(selectsEverything(buildScenarioSelection({ exclude: ["x"] }))).toBe(false);
    expect(selectsEverything(buildScenarioSelection({ tag: ["!x"] }))).toBe(false);
  });

  it("refuses regexes the linear-time engine cannot run, too long patterns and empty tags, naming the option", () => {
    expect(() => buildScenarioSelection({ filter: "/(a)\\1/" })).toThrow(UsageError);
    expect(() => buildScenarioSelection({ filter: "/(a)\\1/" })).toThrow(/^--filter: backreference/);
    expect(() => buildScenarioSelection({ exclude: ["/(?=x)/"] })).toThrow(/^--exclude: lookahead/);
    expect(() => buildScenarioSelection({ filter: "/a/y" })).toThrow("--filter: flag y (sticky) is not supported");
    expect(() => buildScenarioSelection({ filter: "x".repeat(MAX_REGEX_PATTERN_CHARS + 1) })).toThrow(
      `--filter: the pattern is ${MAX_REGEX_PATTERN_CHARS + 1} characters long, more than the ${MAX_REGEX_PATTERN_CHARS} allowed`,
    );
    expect(() => buildScenarioSelection({ tag: ["!"] })).toThrow(
      '--tag: expected a tag, or !tag to skip scenarios with it, found "!"',
    );
  });

  it("a regex pattern never backtracks: a classic catastrophic pattern answers at once", () => {
    const parsed = parseTextPattern("/^(a+)+$/");
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.pattern.test(`${"a".repeat(5000)}!`)).toBe(false);
  });
});
