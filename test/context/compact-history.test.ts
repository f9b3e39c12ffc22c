import { describe, expect, it } from "vitest";
import type { Summarize, SummarizeRequest } from "../../src/context/summarize-in-stages.js";
import { conversationOf, HEADINGS, HISTORY, keepEverything, planOf, runCompaction } from "./compact-history-helpers.js";
import { assistant, createFakeSummarizer, toolResult, user } from "./summarizer-fakes.js";

const PRESERVED = [
  "## Recent turns preserved verbatim",
  "- User: Third ask",
  "- Assistant: On it.",
  "- User: Fourth ask",
  "- Assistant: Done.",
  "- User: Fifth ask",
  "- Assistant: Working.",
].join("\n");
const FAILURES = "## Tool Failures\n- edit (status=error exitCode=1): old text not found";
const FILES = "<modified-files>\nsrc/login.ts\n</modified-files>";

describe("compactHistory (§5.1)", () => {
  it("summarises the older turns, preserves the last 3 and appends failures and file ops", async () => {
    const fake = createFakeSummarizer(keepEverything);
    const result = await runCompaction(fake.summarize, {}).result;
    expect(fake.requests).toHaveLength(1);
    const conversation = conversationOf(fake.requests[0] as SummarizeRequest);
    expect(conversation).toContain("[User]: Now patch it");
    expect(conversation).not.toContain("Third ask");
    expect(result).toEqual({
      ok: true,
      compacted: true,
      summary: [`${HEADINGS}\n${conversation}`, PRESERVED, FAILURES, FILES].join("\n\n"),
      details: { readFiles: [], modifiedFiles: ["src/login.ts"] },
      summarizerCalls: 1,
    });
  });

  it('a summariser that always throws gives "No prior history." plus the sections after 6 calls; the entry is still produced', async () => {
    const fake = createFakeSummarizer(() => {
      throw new Error("model unavailable");
    });
    const { result, delays } = runCompaction(fake.summarize, {});
    expect(await result).toEqual({
      ok: true,
      compacted: true,
      summary: ["No prior history.", PRESERVED, FAILURES, FILES].join("\n\n"),
      details: { readFiles: [], modifiedFiles: ["src/login.ts"] },
      summarizerCalls: 6,
    });
    expect(delays).toEqual([500, 1000, 500, 1000]);
  });

  it("a summariser that hangs until aborted by the timeout gives `Compaction timed out`", async () => {
    const controller = new AbortController();
    const hang: Summarize = (request) =>
      new Promise((_resolve, reject) => {
        request.signal?.addEventListener("abort", () =>
          reject(Object.assign(new Error("aborted"), { name: "AbortError" })),
        );
        controller.abort("timeout");
      });
    expect(await runCompaction(hang, { signal: controller.signal }).result).toEqual({
      ok: false,
      compacted: false,
      reason: "Compaction timed out",
    });
  });

  it("an interrupt, or a summariser that ignores the signal, still cancels: `aborted` unless the reason names a timeout", async () => {
    const interrupt = new AbortController();
    const ignoring: Summarize = () => {
      interrupt.abort(new Error("user pressed stop"));
      return new Promise(() => {});
    };
    expect(await runCompaction(ignoring, { signal: interrupt.signal }).result).toEqual({
      ok: false,
      compacted: false,
      reason: "aborted",
    });
    const timeout = new AbortController();
    timeout.abort(new DOMException("signal timed out", "TimeoutError"));
    const fake = createFakeSummarizer(keepEverything);
    expect(await runCompaction(fake.summarize, { signal: timeout.signal }).result).toMatchObject({
      reason: "Compaction timed out",
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("summarises a split turn's prefix with half the budget and joins it with ---", async () => {
    const prefix = [
      user("Refactor the parser"),
      assistant("", [{ id: "p1", name: "read", input: { path: "parser.ts" } }]),
      toolResult({ id: "p1", name: "read", text: "code" }),
    ];
    const fake = createFakeSummarizer((request) => (request.maxTokens === 10_000 ? "PREFIX SUMMARY" : HEADINGS));
    const plan = planOf({ messagesToSummarize: HISTORY.slice(0, 3), turnPrefix: prefix, isSplitTurn: true });
    const result = await runCompaction(fake.summarize, { plan, settings: { recentTurnsPreserve: 0 } }).result;
    expect(fake.requests.map((request) => request.maxTokens)).toEqual([16_000, 10_000]);
    expect(conversationOf(fake.requests[1] as SummarizeRequest)).toBe(
      '[User]: Refactor the parser\n\n[Assistant tool calls]: read(path="parser.ts")\n\n[Tool result]: code',
    );
    expect(result).toMatchObject({
      compacted: true,
      summary: `${HEADINGS}\n\n---\n\n**Turn Context (split turn):**\n\nPREFIX SUMMARY\n\n<read-files>\nparser.ts\nsrc/login.ts\n</read-files>`,
    });
  });

  it("uses the structured fallback body when only a turn prefix is left, without a history call", async () => {
    const fake = createFakeSummarizer(() => "P");
    const plan = planOf({
      turnPrefix: [user("Start"), assistant("step")],
      isSplitTurn: true,
      previousSummary: "earlier notes",
    });
    const result = await runCompaction(fake.summarize, { plan }).result;
    expect(fake.requests).toHaveLength(1);
    expect(result).toMatchObject({
      summary:
        "## Decisions\nearlier notes\n\n## Open TODOs\nNone.\n\n## Constraints/Rules\nNone.\n\n## Pending user asks\nNone.\n\n## Exact identifiers\nNone captured.\n\n---\n\n**Turn Context (split turn):**\n\nP",
    });
  });

  it("passes the previous summary and /compact text to the summariser and appends workspace rules", async () => {
    const fake = createFakeSummarizer(() => HEADINGS);
    const plan = planOf({ messagesToSummarize: HISTORY, previousSummary: "OLD SUMMARY" });
    const result = await runCompaction(fake.summarize, {
      plan,
      customInstructions: "keep <the> API talk",
      workspaceRules: "# A\n## Red Lines\nNever push to main.",
      settings: { recentTurnsPreserve: 2 },
    }).result;
    const text = fake.requests[0]?.userText ?? "";
    expect(text).toContain("<previous-summary>\nOLD SUMMARY\n</previous-summary>");
    expect(text).toContain("<user-focus>\nkeep &lt;the&gt; API talk\n</user-focus>");
    expect(result).toMatchObject({ compacted: true });
    const summary = result.compacted ? result.summary : "";
    expect(
      summary.endsWith("<workspace-critical-rules>\n## Red Lines\nNever push to main.\n</workspace-critical-rules>"),
    ).toBe(true);
  });
});
