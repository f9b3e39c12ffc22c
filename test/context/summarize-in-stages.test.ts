import { describe, expect, it } from "vitest";
import { DEFAULT_COMPACTION_SETTINGS } from "../../src/context/compaction-settings.js";
import { computeRetryDelay, type SummarizerContext } from "../../src/context/summarize-chunks.js";
import { summarizeInStages } from "../../src/context/summarize-in-stages.js";
import { MERGE_RULE } from "../../src/context/summary-instructions.js";
import { assistant, createFakeSummarizer, createRecordingSleep, toolResult, user } from "./summarizer-fakes.js";

function context(
  summarize: SummarizerContext["summarize"],
  overrides: Partial<SummarizerContext> = {},
): SummarizerContext & { delays: number[] } {
  const { sleep, delays } = createRecordingSleep();
  return { summarize, sleep, random: () => 0.5, settings: DEFAULT_COMPACTION_SETTINGS, delays, ...overrides };
}

describe("computeRetryDelay", () => {
  it("is min(5000, 500 × 2^(k−1)) ± 20 % jitter, clamped to [500, 5000]", () => {
    expect(computeRetryDelay(1, () => 0.5)).toBe(500);
    expect(computeRetryDelay(1, () => 0)).toBe(500);
    expect(computeRetryDelay(1, () => 0.99)).toBe(598);
    expect(computeRetryDelay(2, () => 0)).toBe(800);
    expect(computeRetryDelay(2, () => 0.75)).toBe(1100);
    expect(computeRetryDelay(4, () => 0.5)).toBe(4000);
    expect(computeRetryDelay(5, () => 0)).toBe(4000);
    expect(computeRetryDelay(5, () => 0.99)).toBe(5000);
  });
});

describe("summarizeInStages (§5.3 call counts)", () => {
  it("6 messages of 100 000 tokens with maxChunkTokens 75 904: 2 parts + 1 merge = 3 calls", async () => {
    // 16 666 + 16 666 + 16 668 tokens per part, so the share split lands at 3 + 3 messages.
    const sizes = [66_664, 66_664, 66_672, 66_664, 66_664, 66_672];
    const messages = sizes.map((chars, index) => user(`${index}`.padEnd(chars, "x")));
    const fake = createFakeSummarizer((_request, call) => `summary ${call}`);
    const result = await summarizeInStages(context(fake.summarize), {
      messages,
      previousSummary: "OLD",
      maxChunkTokens: 75_904,
    });
    expect(fake.requests).toHaveLength(3);
    expect(result).toBe("summary 3");
    const [first, second, merge] = fake.requests.map((request) => request.userText);
    expect(first).not.toContain("<previous-summary>");
    expect(second).not.toContain("<previous-summary>");
    expect(merge).toContain("<conversation>\n[User]: summary 1\n\n[User]: summary 2\n</conversation>");
    expect(merge).toContain("<previous-summary>\nOLD\n</previous-summary>");
    expect(merge).toContain(MERGE_RULE);
  });

  it('3 messages and a summariser that always throws: 3 + 3 attempts = 6 calls, then "No prior history."', async () => {
    const fake = createFakeSummarizer(() => {
      throw new Error("provider down");
    });
    const run = context(fake.summarize);
    const result = await summarizeInStages(run, { messages: [user("a"), assistant("b"), user("c")] });
    expect(fake.requests).toHaveLength(6);
    expect(result).toBe("No prior history.");
    expect(run.delays).toEqual([500, 1000, 500, 1000]);
  });

  it("W 10 000 with one oversized tool result: 1 ok + 3 failed, then 2 calls on the rest plus the note", async () => {
    const big = "R".repeat(30_000);
    const messages = [user("u".repeat(400)), toolResult({ id: "c1", name: "read", text: big }), user("v".repeat(200))];
    const fake = createFakeSummarizer((request, call) => {
      if (request.userText.includes(big)) throw new Error("too large");
      return `summary ${call}`;
    });
    const run = context(fake.summarize, { settings: { ...DEFAULT_COMPACTION_SETTINGS, contextWindow: 10_000 } });
    const result = await summarizeInStages(run, { messages });
    expect(fake.requests).toHaveLength(6);
    expect(result).toBe("summary 6\n\n[Large toolResult (~8K tokens) omitted from summary]");
    expect(run.delays).toEqual([500, 1000]);
    expect(fake.requests[5]?.userText).toContain("<previous-summary>\nsummary 5\n</previous-summary>");
  });
});

describe("summarizeInStages (aborts and small inputs)", () => {
  it('returns the previous summary, or "No prior history.", for no messages without a call', async () => {
    const fake = createFakeSummarizer(() => "never");
    expect(await summarizeInStages(context(fake.summarize), { messages: [] })).toBe("No prior history.");
    expect(await summarizeInStages(context(fake.summarize), { messages: [], previousSummary: "P" })).toBe("P");
    expect(fake.requests).toHaveLength(0);
  });

  it("never retries an AbortError and lets it through the fallbacks", async () => {
    const fake = createFakeSummarizer(() => {
      const error = new Error("stop");
      error.name = "AbortError";
      throw error;
    });
    await expect(summarizeInStages(context(fake.summarize), { messages: [user("a")] })).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("stops after the wait when the signal aborts between attempts", async () => {
    const controller = new AbortController();
    const fake = createFakeSummarizer(() => {
      throw new Error("flaky");
    });
    const run = context(fake.summarize, {
      signal: controller.signal,
      sleep: async () => controller.abort("timeout"),
    });
    await expect(summarizeInStages(run, { messages: [user("a")] })).rejects.toMatchObject({ name: "AbortError" });
    expect(fake.requests).toHaveLength(1);
  });

  it("rejects when aborted even if the summariser ignores its signal, and passes the signal on", async () => {
    const controller = new AbortController();
    const seen: (AbortSignal | undefined)[] = [];
    const run = context(
      (request) => {
        seen.push(request.signal);
        controller.abort("timeout");
        return new Promise<string>(() => {});
      },
      { signal: controller.signal },
    );
    await expect(summarizeInStages(run, { messages: [user("a")] })).rejects.toMatchObject({ name: "AbortError" });
    expect(seen).toEqual([controller.signal]);
  });
});
