import { describe, expect, it } from "vitest";
import {
  GUARD_TRUNCATION_SUFFIX,
  hasImportantTail,
  MIDDLE_OMITTED_MARKER,
  TRUNCATION_SUFFIX,
  truncateToolResultText,
} from "../../src/platform/truncate-tool-result-text.js";

/** S of context.md §6.3: the real suffix length, never a hard-coded number. */
const S = TRUNCATION_SUFFIX.length;

/** The §6.3 example layout: 300 lines of 99 chars + `\n` (30 000 chars); `last` starts the last line. */
function exampleText(last: string): string {
  const lines: string[] = [];
  for (let line = 1; line < 300; line++) lines.push(`line ${line}`.padEnd(99, "-"));
  lines.push(last.padEnd(99, "-"));
  return `${lines.join("\n")}\n`;
}

describe("suffixes and marker", () => {
  it("wrap our own notices as \\n\\n⚠️ [ … ], and the middle marker is 63 UTF-16 units", () => {
    for (const suffix of [TRUNCATION_SUFFIX, GUARD_TRUNCATION_SUFFIX]) {
      expect(suffix.startsWith("\n\n⚠️ [")).toBe(true);
      expect(suffix.endsWith("]")).toBe(true);
      expect(suffix).toContain("offset/limit");
    }
    expect(TRUNCATION_SUFFIX).toContain("context window");
    expect(GUARD_TRUNCATION_SUFFIX).toContain("size limit");
    expect(MIDDLE_OMITTED_MARKER).toBe("\n\n⚠️ [... middle content omitted — showing head and tail ...]\n\n");
    expect(MIDDLE_OMITTED_MARKER.length).toBe(63);
  });
});

describe("hasImportantTail (context.md §6.3)", () => {
  it("looks for problem and outcome words, case-insensitively and as whole words", () => {
    const cases = [
      "Traceback (most recent call last)",
      "FATAL: disk full",
      "stack trace follows",
      "process ended with exit code 2",
      "ERRNO 13",
      "12 tests, Summary below",
      "all Done",
    ];
    expect(cases.map(hasImportantTail)).toEqual(cases.map(() => true));
    expect(["errors", "terrors", "donezo", "resulting", "nothing here"].map(hasImportantTail)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("counts a closing brace at the very end, ignoring trailing whitespace", () => {
    expect(hasImportantTail('{"a": 1}\n  ')).toBe(true);
    expect(hasImportantTail('{"a": 1} and more')).toBe(false);
  });

  it("reads only the last 2 000 chars", () => {
    expect(hasImportantTail(`error ${"x".repeat(1994)}`)).toBe(true);
    expect(hasImportantTail(`error ${"x".repeat(1995)}`)).toBe(false);
  });
});

describe("truncateToolResultText (context.md §6.3)", () => {
  it("returns text that fits unchanged", () => {
    expect(truncateToolResultText({ text: "short", maxChars: 5, suffix: TRUNCATION_SUFFIX })).toBe("short");
  });

  it("reproduces the worked example with an important tail: head 19 699 + marker + tail 3 900 + S", () => {
    expect(S).toBeGreaterThanOrEqual(139);
    expect(S).toBeLessThanOrEqual(201);
    const text = exampleText("Error: boom");
    expect(text.length).toBe(30000);
    const output = truncateToolResultText({ text, maxChars: 24000, suffix: TRUNCATION_SUFFIX });
    expect(output).toBe(text.slice(0, 19699) + MIDDLE_OMITTED_MARKER + text.slice(26100) + TRUNCATION_SUFFIX);
    expect(output.length).toBe(23662 + S);
  });

  it("reproduces the worked example without an important tail: head 23 799 + S", () => {
    const text = exampleText("line 300");
    const output = truncateToolResultText({ text, maxChars: 24000, suffix: TRUNCATION_SUFFIX });
    expect(output).toBe(text.slice(0, 23799) + TRUNCATION_SUFFIX);
    expect(output.length).toBe(23799 + S);
  });

  it("cuts at the budget when the last newline is not past 80 % of it", () => {
    const text = `${"a".repeat(100)}\n${"b".repeat(10000)}`;
    const output = truncateToolResultText({ text, maxChars: 5000, suffix: "[cut]" });
    expect(output).toBe(`${text.slice(0, 4995)}[cut]`);
  });

  it("keeps the tail from its raw start when the first newline is not in its first 20 %", () => {
    const text = `${"h".repeat(20000)}${"t".repeat(2000)}\n${"t".repeat(2000)} error`;
    const output = truncateToolResultText({ text, maxChars: 10000 + 5, suffix: "[cut]" });
    const tail = Math.min(Math.floor(0.3 * 10000), 4000);
    expect(output).toBe(
      `${text.slice(0, 10000 - tail - 63)}${MIDDLE_OMITTED_MARKER}${text.slice(text.length - tail)}[cut]`,
    );
  });

  it("keeps only the head when the budget is not above 2 × minKeep, even with an important tail", () => {
    const text = `${"x".repeat(9000)} error`;
    const output = truncateToolResultText({ text, maxChars: 4005, suffix: "[cut]" });
    expect(output).toBe(`${"x".repeat(4000)}[cut]`);
  });

  it("never goes below minKeep chars of head", () => {
    const text = "y".repeat(5000);
    expect(truncateToolResultText({ text, maxChars: 100, suffix: "[cut]", minKeep: 300 })).toBe(
      `${"y".repeat(300)}[cut]`,
    );
  });
});
