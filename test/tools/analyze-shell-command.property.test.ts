// Guards against the shell analyser mis-splitting quoted words, pipelines or list operators, and accepting substitutions, redirections, subshells, backgrounding, line continuations or unterminated quotes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeShellCommand, type ListOperator } from "../../src/tools/analyze-shell-command.js";
import { assertProperty } from "../support/assert-property.js";

/** Words as the shell would hand them to a program: anything but a newline. */
const anyText = fc.string({
  unit: fc.constantFrom(..."ab z-./*?$()<>|&;'\"`\\~#=".split("")),
  maxLength: 8,
});
const bareWord = fc.string({ unit: fc.constantFrom(..."abcxyz019-._/=:,@%+".split("")), minLength: 1, maxLength: 8 });
const word = fc.oneof(
  bareWord.map((text) => ({ text, written: text })),
  anyText.map((text) => ({ text, written: `'${text.replaceAll("'", `'\\''`)}'` })),
);
const segment = fc.array(word, { minLength: 1, maxLength: 4 });
const part = fc.record({
  segments: fc.array(segment, { minLength: 1, maxLength: 3 }),
  operator: fc.constantFrom<ListOperator>("&&", "||", ";"),
});
const list = fc.array(part, { minLength: 1, maxLength: 3 });

type Part = { segments: { text: string; written: string }[][]; operator: ListOperator };

function render(parts: readonly Part[]): string {
  return parts
    .map((item, index) => {
      const pipeline = item.segments.map((words) => words.map((entry) => entry.written).join(" ")).join(" | ");
      return index === parts.length - 1 ? pipeline : `${pipeline} ${item.operator}`;
    })
    .join(" ");
}

const FORBIDDEN = ["$(id)", "`id`", ">", ">>", "<", "(", ")", "\n", "\\\n", "&", "2>&1"];

describe("analyzeShellCommand properties", () => {
  it("joining quoted words into pipelines and lists round-trips to the same words and operators", () => {
    assertProperty(
      fc.property(list, (parts) => {
        const analysis = analyzeShellCommand(render(parts));
        expect(analysis.ok).toBe(true);
        if (!analysis.ok) return;
        expect(
          analysis.parts.map((item) => ({
            operator: item.operator,
            words: item.segments.map((entry) => entry.words.map((one) => one.text)),
          })),
        ).toEqual(
          parts.map((item, index) => ({
            operator: index === parts.length - 1 ? undefined : item.operator,
            words: item.segments.map((words) => words.map((entry) => entry.text)),
          })),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("any forbidden construct injected between words makes the analysis fail", () => {
    assertProperty(
      fc.property(list, fc.constantFrom(...FORBIDDEN), fc.nat(), (parts, construct, at) => {
        const flat = parts.flatMap((item) => item.segments);
        const target = flat[at % flat.length] ?? [];
        target.splice(at % (target.length + 1), 0, { text: construct, written: construct });
        expect(analyzeShellCommand(render(parts)).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it("an unterminated quote at the end makes the analysis fail", () => {
    assertProperty(
      fc.property(list, fc.constantFrom("'", '"', "'abc", '"x y'), (parts, quote) => {
        expect(analyzeShellCommand(`${render(parts)} ${quote}`).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
