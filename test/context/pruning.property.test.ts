// Guards against: pruning that reaches into the protected tail or before the first user message, input mutation, a guard that leaves an oversized result or over-budget request unreported, and truncation that overshoots maxChars or loses the head.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  estimateGuardChars,
  GUARD_CLEARED_PLACEHOLDER,
  guardContext,
  guardLimits,
} from "../../src/context/guard-context.js";
import { type CacheTtlSettings, DEFAULT_CACHE_TTL_SETTINGS, pruneCacheTtl } from "../../src/context/prune-cache-ttl.js";
import type { Message } from "../../src/domain/index.js";
import { TRUNCATION_SUFFIX, truncateToolResultText } from "../../src/platform/truncate-tool-result-text.js";
import { assertProperty } from "../support/assert-property.js";
import { assistantCall, assistantOf, snapshot, toolResultOf, userOf } from "./pruning-messages.js";

type Shape =
  | { kind: "user"; chars: number }
  | { kind: "assistant"; chars: number; call: boolean }
  | { kind: "result"; chars: number; tool: string; details: boolean; blocks: number };

const shapeArbitrary: fc.Arbitrary<Shape> = fc.oneof(
  fc.record({ kind: fc.constant("user" as const), chars: fc.nat({ max: 3000 }) }),
  fc.record({ kind: fc.constant("assistant" as const), chars: fc.nat({ max: 1500 }), call: fc.boolean() }),
  fc.record({
    kind: fc.constant("result" as const),
    chars: fc.nat({ max: 20000 }),
    tool: fc.constantFrom("read", "exec", "Memory_Search", " "),
    details: fc.boolean(),
    blocks: fc.integer({ min: 1, max: 3 }),
  }),
);

/** Sessions whose tool results have unique ids (`c<index>`), with newlines now and then in their text. */
const messagesArbitrary: fc.Arbitrary<Message[]> = fc
  .array(shapeArbitrary, { minLength: 2, maxLength: 20, size: "max" })
  .map((shapes) =>
    shapes.map((shape, index): Message => {
      if (shape.kind === "user") return userOf(shape.chars);
      if (shape.kind === "assistant")
        return shape.call ? assistantCall(`c${index}`, { n: shape.chars }) : assistantOf(shape.chars);
      const text = `${"r".repeat(99)}\n`.repeat(Math.ceil(shape.chars / 100)).slice(0, shape.chars);
      const blocks = Array.from({ length: shape.blocks }, () => text.slice(0, Math.ceil(shape.chars / shape.blocks)));
      return toolResultOf(`c${index}`, blocks, {
        toolName: shape.tool,
        ...(shape.details ? { details: { exitCode: 1, path: "p".repeat(shape.chars % 300) } } : {}),
      });
    }),
  );

const settingsArbitrary: fc.Arbitrary<CacheTtlSettings> = fc.record({
  ttlMs: fc.constant(DEFAULT_CACHE_TTL_SETTINGS.ttlMs),
  keepLastAssistants: fc.nat({ max: 3 }),
  softTrimRatio: fc.double({ min: 0, max: 0.5, noNaN: true }),
  hardClearRatio: fc.double({ min: 0, max: 1, noNaN: true }),
  minPrunableToolChars: fc.nat({ max: 20000 }),
  softTrim: fc.record({
    maxChars: fc.nat({ max: 3000 }),
    headChars: fc.nat({ max: 1000 }),
    tailChars: fc.nat({ max: 1000 }),
  }),
  hardClear: fc.record({ enabled: fc.boolean(), placeholder: fc.constant("[cleared]") }),
  tools: fc.record({
    allow: fc.subarray(["read", "EXEC", "mem*"]),
    deny: fc.subarray(["exec", "r?ad"]),
  }),
});

/** Indices pruning may change, derived from §6.4 step 1 independently of the implementation. */
function allowedIndices(messages: readonly Message[], keep: number): Set<number> {
  const firstUser = messages.findIndex((message) => message.role === "user");
  const assistants = messages.flatMap((message, index) => (message.role === "assistant" ? [index] : []));
  if (firstUser === -1 || assistants.length < keep) return new Set();
  const end = keep === 0 ? messages.length : (assistants[assistants.length - keep] as number);
  const allowed = new Set<number>();
  for (let index = firstUser; index < end; index++) if (messages[index]?.role === "tool_result") allowed.add(index);
  return allowed;
}

describe("cache-TTL pruning properties", () => {
  it("changes only tool results after the first user message and before the protected tail, and never its input", () => {
    assertProperty(
      fc.property(
        messagesArbitrary,
        settingsArbitrary,
        fc.integer({ min: 200, max: 8000 }),
        (messages, settings, contextWindow) => {
          const before = snapshot(messages);
          const pruned = pruneCacheTtl({ messages, contextWindow, settings });
          const allowed = allowedIndices(messages, settings.keepLastAssistants);
          expect(pruned.messages).toHaveLength(messages.length);
          pruned.messages.forEach((message, index) => {
            if (message !== messages[index]) expect(allowed.has(index)).toBe(true);
          });
          const touched = [...pruned.softTrimmed, ...pruned.hardCleared];
          expect(new Set(touched).size).toBe(touched.length);
          expect(messages).toEqual(before);
        },
      ),
    );
  });
});

describe("context guard properties (context.md §8.4)", () => {
  it("leaves every tool result ≤ maxSingle chars, and the total ≤ budget unless it overflows or nothing is left to clear", () => {
    assertProperty(
      fc.property(messagesArbitrary, fc.integer({ min: 200, max: 20000 }), (messages, contextWindow) => {
        const before = snapshot(messages);
        const { maxSingle, budget, overflowAt } = guardLimits(contextWindow);
        const guarded = guardContext({ messages, contextWindow });
        let total = 0;
        for (const message of guarded.messages) {
          total += estimateGuardChars(message);
          if (message.role !== "tool_result") continue;
          expect(message.content.map((block) => block.text).join("\n").length).toBeLessThanOrEqual(maxSingle);
        }
        const exhausted = guarded.messages.every(
          (message) =>
            message.role !== "tool_result" ||
            estimateGuardChars(message) <= 48 ||
            message.content[0]?.text === GUARD_CLEARED_PLACEHOLDER,
        );
        expect(total <= budget || guarded.overflow !== undefined || exhausted).toBe(true);
        expect(guarded.overflow !== undefined).toBe(total > overflowAt);
        expect(messages).toEqual(before);
      }),
    );
  });
});

describe("truncateToolResultText properties", () => {
  const S = TRUNCATION_SUFFIX.length;
  const lineArbitrary = fc.record({
    chars: fc.oneof(fc.nat({ max: 300 }), fc.nat({ max: 30000 })),
    ending: fc.constantFrom("", " error", " done", "}", " fine"),
  });
  const textArbitrary = fc
    .array(lineArbitrary, { minLength: 1, maxLength: 200 })
    .map((lines) => lines.map((line) => "x".repeat(line.chars) + line.ending).join("\n"));

  it("never exceeds maxChars when maxChars ≥ 2 × minKeep + S + 63, and always keeps the first min(2000, length) chars", () => {
    assertProperty(
      fc.property(textArbitrary, fc.integer({ min: 2 * 2000 + S + 63, max: 60000 }), (text, maxChars) => {
        const output = truncateToolResultText({ text, maxChars, suffix: TRUNCATION_SUFFIX });
        expect(output.length).toBeLessThanOrEqual(maxChars);
        expect(output.startsWith(text.slice(0, Math.min(2000, text.length)))).toBe(true);
        if (text.length <= maxChars) expect(output).toBe(text);
        else expect(output.endsWith(TRUNCATION_SUFFIX)).toBe(true);
      }),
    );
  });
});
