import { describe, expect, it } from "vitest";
import {
  BASE_CHUNK_RATIO,
  chunkMessagesByMaxTokens,
  computeAdaptiveChunkRatio,
  computeMaxChunkTokens,
  DEFAULT_PARTS,
  isOversizedMessage,
  MIN_CHUNK_RATIO,
  NO_PRIOR_HISTORY,
  SAFETY_MARGIN,
  SUMMARIZATION_OVERHEAD_TOKENS,
  splitMessagesByTokenShare,
} from "../../src/context/chunk-messages.js";
import type { Message } from "../../src/domain/index.js";
import { estimateMessageTokens } from "../../src/platform/estimate-tokens.js";
import { resultOf, userOf } from "./compaction-fixtures.js";

const W = 200_000;
const tokensOf = (chunks: Message[][]) => chunks.map((chunk) => chunk.map(estimateMessageTokens));

describe("chunking constants (context.md §4.5)", () => {
  it("has the spec's values", () => {
    expect([BASE_CHUNK_RATIO, MIN_CHUNK_RATIO, SAFETY_MARGIN, SUMMARIZATION_OVERHEAD_TOKENS, DEFAULT_PARTS]).toEqual([
      0.4, 0.15, 1.2, 4096, 2,
    ]);
    expect(NO_PRIOR_HISTORY).toBe("No prior history.");
  });
});

describe("computeAdaptiveChunkRatio / computeMaxChunkTokens (context.md §4.5 examples)", () => {
  it("10 messages averaging 2 000 tokens: ratio 0.4, maxChunkTokens 75 904, limit 63 253", () => {
    const messages = Array.from({ length: 10 }, () => userOf(2000));
    expect(computeAdaptiveChunkRatio(messages, W)).toBe(0.4);
    expect(computeMaxChunkTokens(messages, W)).toBe(75_904);
    const justUnder = [userOf(63_253), userOf(63_253)];
    expect(tokensOf(chunkMessagesByMaxTokens(justUnder, 75_904))).toEqual([[63_253], [63_253]]);
    expect(chunkMessagesByMaxTokens([userOf(63_252), userOf(1)], 75_904)).toHaveLength(1);
    expect(chunkMessagesByMaxTokens([userOf(63_253), userOf(1)], 75_904)).toHaveLength(2);
  });

  it("average 20 000 tokens: ratio 0.16, maxChunkTokens 27 904", () => {
    const messages = Array.from({ length: 4 }, () => userOf(20_000));
    expect(computeAdaptiveChunkRatio(messages, W)).toBeCloseTo(0.16, 12);
    expect(computeMaxChunkTokens(messages, W)).toBe(27_904);
  });

  it("two messages of 200 000 chars: ratio 0.15, maxChunkTokens 25 904", () => {
    const messages = [userOf(50_000), userOf(50_000)];
    expect(computeAdaptiveChunkRatio(messages, W)).toBeCloseTo(0.15, 12);
    expect(computeMaxChunkTokens(messages, W)).toBe(25_904);
  });

  it("gives 0.4 for an empty list and never a budget below 1", () => {
    expect(computeAdaptiveChunkRatio([], W)).toBe(0.4);
    expect(computeMaxChunkTokens([resultOf("c", 7500)], 10_000)).toBe(1);
  });
});

describe("chunkMessagesByMaxTokens (context.md §4.5)", () => {
  it("maxChunkTokens 1200 (limit 1000), [400,500,300,1500,200] → [400,500] [300] [1500] [200]", () => {
    const messages = [400, 500, 300, 1500, 200].map((tokens) => userOf(tokens));
    expect(tokensOf(chunkMessagesByMaxTokens(messages, 1200))).toEqual([[400, 500], [300], [1500], [200]]);
  });

  it("returns no chunk for no message", () => {
    expect(chunkMessagesByMaxTokens([], 1200)).toEqual([]);
  });
});

describe("splitMessagesByTokenShare (context.md §4.5)", () => {
  it("parts 2, [1000,1000,1000,1000] → [1,2] [3,4]", () => {
    const messages = [1, 2, 3, 4].map((fill) => userOf(1000, String(fill)));
    expect(splitMessagesByTokenShare(messages, 2)).toEqual([messages.slice(0, 2), messages.slice(2)]);
  });

  it("normalises parts: ≤ 1 ⇒ one chunk, floored, capped at the message count", () => {
    const messages = [userOf(10), userOf(10), userOf(10)];
    expect(splitMessagesByTokenShare(messages, 0)).toEqual([messages]);
    expect(splitMessagesByTokenShare(messages, 1.9)).toEqual([messages]);
    expect(splitMessagesByTokenShare(messages, 10)).toEqual([[messages[0]], [messages[1]], [messages[2]]]);
    expect(splitMessagesByTokenShare([], 2)).toEqual([]);
  });

  it("puts everything past the last allowed split into the final chunk", () => {
    const messages = [100, 1, 1, 1, 1].map((tokens) => userOf(tokens));
    expect(tokensOf(splitMessagesByTokenShare(messages, 2))).toEqual([[100], [1, 1, 1, 1]]);
  });
});

describe("isOversizedMessage (context.md §4.5)", () => {
  it("is tokens × 1.2 > 0.5 × W", () => {
    expect(isOversizedMessage(resultOf("c", 7500), 10_000)).toBe(true);
    expect(isOversizedMessage(userOf(4166), 10_000)).toBe(false);
    expect(isOversizedMessage(userOf(4167), 10_000)).toBe(true);
  });
});
