import { describe, expect, it } from "vitest";
import { planCompaction } from "../../src/context/plan-compaction.js";
import type { SummarizeRequest } from "../../src/context/summarize-in-stages.js";
import { DEFAULT_SUMMARY_HEADINGS } from "../../src/context/summary-instructions.js";
import { conversationOf, HEADINGS, HISTORY, keepEverything, planOf, runCompaction } from "./compact-history-helpers.js";
import { entriesOf } from "./compaction-fixtures.js";
import { assistant, createFakeSummarizer, user } from "./summarizer-fakes.js";

const guard = (maxRetries: number) => ({ qualityGuard: { enabled: true, maxRetries } });

describe("compactHistory quality guard (§5.7)", () => {
  it("retries once with the audit reasons as feedback and keeps the better summary", async () => {
    const fake = createFakeSummarizer((_request, call) =>
      call === 1 ? "## Decisions\nlogin work" : `${HEADINGS}\npatch the login`,
    );
    const result = await runCompaction(fake.summarize, { settings: guard(1) }).result;
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]?.userText).not.toContain("failed these checks");
    const feedback = fake.requests[1]?.userText ?? "";
    expect(feedback).toContain(
      "- missing_section:## Open TODOs\n- missing_section:## Constraints/Rules\n- missing_section:## Pending user asks\n- missing_section:## Exact identifiers\n- latest_user_ask_not_reflected",
    );
    expect(result).toMatchObject({ compacted: true, summarizerCalls: 2 });
    expect(result.compacted && result.summary.startsWith(`${HEADINGS}\npatch the login\n\n## Recent turns`)).toBe(true);
  });

  it("keeps the last good summary when the retry fails every attempt", async () => {
    const fake = createFakeSummarizer((_request, call) => {
      if (call === 1) return "first draft";
      throw new Error("rate limited");
    });
    const result = await runCompaction(fake.summarize, { settings: guard(1) }).result;
    expect(fake.requests).toHaveLength(7);
    expect(result.compacted && result.summary.startsWith("first draft\n\n## Recent turns")).toBe(true);
  });

  it("makes no extra call when disabled or when maxRetries is 0", async () => {
    for (const settings of [{}, guard(0)]) {
      const fake = createFakeSummarizer(() => "no headings at all");
      await runCompaction(fake.summarize, { settings }).result;
      expect(fake.requests).toHaveLength(1);
    }
  });
});

describe("compactHistory history-share pruning (§5.2)", () => {
  it("summarises the dropped history first and hands that summary on as the previous summary", async () => {
    const olds = [1, 2, 3, 4].map((index) => user(`${index}`.repeat(4000)));
    const plan = planOf({ messagesToSummarize: olds, keptMessages: [user("k".repeat(5200))], previousSummary: "OLD" });
    const fake = createFakeSummarizer((_request, call) => `S${call}`);
    const result = await runCompaction(fake.summarize, {
      plan,
      settings: { contextWindow: 2000, recentTurnsPreserve: 0 },
    }).result;
    expect(fake.requests).toHaveLength(4);
    expect(fake.requests[0]?.userText).toContain("<previous-summary>\nOLD\n</previous-summary>");
    const last = fake.requests[3] as SummarizeRequest;
    expect(conversationOf(last)).toBe(`[User]: ${"4".repeat(4000)}`);
    expect(last.userText).toContain("<previous-summary>\nS3\n</previous-summary>");
    expect(result).toMatchObject({ compacted: true, summary: "S4" });
  });
});

describe("compactHistory cancellations", () => {
  it("cancels with `no real conversation` when only injected context would be removed", async () => {
    const fake = createFakeSummarizer(keepEverything);
    const plan = planOf({ messagesToSummarize: [{ role: "custom", customType: "memory.recall", content: "fact" }] });
    expect(await runCompaction(fake.summarize, { plan }).result).toEqual({
      ok: false,
      compacted: false,
      reason: "no real conversation",
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("passes a no-op plan through as ok and not compacted", async () => {
    const plan = planOf({ skip: "nothing to compact" });
    expect(await runCompaction(createFakeSummarizer(keepEverything).summarize, { plan }).result).toEqual({
      ok: true,
      compacted: false,
      reason: "nothing to compact",
    });
  });

  it("turns any thrown error into `Compaction safeguard could not summarize the session: <message>`", async () => {
    const unserialisable = assistant("", [{ id: "b1", name: "exec", input: { count: 1n } }]);
    const plan = planOf({ messagesToSummarize: [user("go"), unserialisable], tokensBefore: 10 });
    const result = await runCompaction(createFakeSummarizer(keepEverything).summarize, { plan }).result;
    expect(result).toMatchObject({ ok: false, compacted: false });
    expect(!result.compacted && result.reason).toMatch(
      /^Compaction safeguard could not summarize the session: .*BigInt/,
    );
  });
});

describe("compactHistory modes and plans", () => {
  it("default mode: plain headings, no preserved turns or failures, file ops kept", async () => {
    const fake = createFakeSummarizer(() => "SUMMARY");
    const result = await runCompaction(fake.summarize, { settings: { mode: "default" } }).result;
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0] as SummarizeRequest;
    for (const heading of DEFAULT_SUMMARY_HEADINGS) expect(request.userText).toContain(`\n${heading}\n`);
    expect(conversationOf(request)).toContain("[User]: Fifth ask");
    expect(result).toMatchObject({
      compacted: true,
      summary: "SUMMARY\n\n<modified-files>\nsrc/login.ts\n</modified-files>",
    });
  });

  it("compacts a plan made by planCompaction from transcript entries", async () => {
    const plan = planCompaction({ entries: entriesOf(HISTORY), keepRecentTokens: 3 });
    expect(plan.keptMessages).toEqual(HISTORY.slice(10));
    const fake = createFakeSummarizer(keepEverything);
    const result = await runCompaction(fake.summarize, { plan }).result;
    expect(conversationOf(fake.requests[0] as SummarizeRequest)).toBe(
      '[User]: Fix the login bug\n\n[Assistant]: Reading the handler.\n\n[Assistant tool calls]: read(path="src/login.ts")\n\n[Tool result]: export function login() {}',
    );
    expect(result.compacted && result.summary).toContain(
      "## Recent turns preserved verbatim\n- User: Now patch it\n- Assistant: [non-text content: toolCall]\n- Tool result (edit): old text not found",
    );
  });
});
