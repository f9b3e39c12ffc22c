import { describe, expect, it } from "vitest";
import { createHookRegistry } from "../../src/agent/create-hook-registry.js";
import {
  type AgentEvent,
  type ScriptStep,
  type Tool,
  type TranscriptEntry,
  textResult,
} from "../../src/domain/index.js";
import { createTestSession } from "../support/create-test-session.js";
import { scriptedTurn } from "../support/scenario-turn.js";

const ofType = <T extends AgentEvent["type"]>(events: AgentEvent[], type: T) =>
  events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);

/** A preloaded transcript: `rounds` user/assistant/tool rounds with tool output of `resultChars`. */
function preload(rounds: number, resultChars: number): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  const add = (message: Extract<TranscriptEntry, { type: "message" }>["message"]) =>
    entries.push({
      type: "message",
      id: `p${entries.length + 1}`,
      parentId: entries.length === 0 ? null : `p${entries.length}`,
      timestamp: "2026-03-11T09:00:00.000Z",
      message,
    });
  for (let round = 0; round < rounds; round++) {
    add({ role: "user", content: `Check build ${round} at /srv/app/build-${round}.log please.` });
    add({
      role: "assistant",
      stopReason: "tool_use",
      content: [{ type: "tool_call", id: `c${round}`, name: "read", input: { path: `logs/build-${round}.log` } }],
    });
    add({
      role: "tool_result",
      toolCallId: `c${round}`,
      toolName: "read",
      isError: false,
      content: [
        { type: "text", text: `${"ok line\n".repeat(Math.ceil(resultChars / 8))}Error: build ${round} failed` },
      ],
    });
    add({ role: "assistant", stopReason: "end_turn", content: [{ type: "text", text: `Build ${round} failed.` }] });
  }
  return entries;
}

const SUMMARY = [
  "## Decisions",
  "- Builds failed.",
  "## Open TODOs",
  "None.",
  "## Constraints/Rules",
  "None.",
  "## Pending user asks",
  "- Check the builds.",
  "## Exact identifiers",
  "- /srv/app/build-0.log",
].join("\n");

describe("the session's context step", () => {
  it("refuses a request larger than the window without calling the model and ends in context_overflow", async () => {
    const { session, model, events } = createTestSession({
      contextWindow: 200_000,
      config: { agents: { defaults: { compaction: { memoryFlush: { enabled: false } } } } },
    });
    const outcome = await session.runTurn({
      turn: scriptedTurn([{ kind: "text", text: "never sent" }], { text: "x".repeat(900_000) }),
    });
    expect(model.requests).toHaveLength(0);
    expect(outcome.stopReason).toBe("context_overflow");
    expect(outcome.error).toMatch(/Preemptive context overflow.*\/reset.*\/new/s);
    // Nothing to summarise before the huge message: the compaction is a no-op and no entry is written.
    expect(ofType(events, "compaction_end").every((event) => !event.compacted)).toBe(true);
    expect(session.history.map((message) => message.role)).toEqual(["user"]);
  });

  it("recovers from a provider overflow error by compacting and retrying the same request", async () => {
    const script: ScriptStep[] = [
      { kind: "error", status: 400, message: "prompt is too long: 210000 tokens > 200000 maximum" },
      { kind: "text", text: "All builds are summarised." },
    ];
    const { session, model, events } = createTestSession({
      preload: preload(12, 4_000),
      config: { agents: { defaults: { compaction: { keepRecentTokens: 3_000, memoryFlush: { enabled: false } } } } },
    });
    const outcome = await session.runTurn({
      turn: { ...scriptedTurn(script, { text: "Summarise the builds" }), summaries: [{ kind: "text", text: SUMMARY }] },
    });
    expect(outcome.reply).toBe("All builds are summarised.");
    expect(ofType(events, "compaction_start").map((event) => event.trigger)).toEqual(["overflow"]);
    const end = ofType(events, "compaction_end")[0];
    expect(end).toMatchObject({ ok: true, compacted: true, trigger: "overflow" });
    // The retried request starts from the summary, and the summariser call never consumed the turn's script.
    const retried = model.requests.filter((request) => (request.context.purpose ?? "turn") === "turn").at(-1);
    expect(retried?.messages[0]).toMatchObject({ role: "user" });
    expect(String(retried?.messages[0]?.content)).toContain("<summary>\n## Decisions");
    expect(session.history[0]?.role).toBe("compaction_summary");
  });

  it("treats an empty summary as a failed summariser call and falls back to the runtime's sections", async () => {
    const { session, events } = createTestSession({
      preload: preload(12, 4_000),
      config: { agents: { defaults: { compaction: { keepRecentTokens: 3_000, memoryFlush: { enabled: false } } } } },
    });
    const empty: ScriptStep = { kind: "text", text: "   " };
    await session.runTurn({
      turn: { ...scriptedTurn([], { text: "/compact" }), summaries: Array.from({ length: 12 }, () => empty) },
    });
    const end = ofType(events, "compaction_end")[0];
    expect(end?.compacted).toBe(true);
    expect(end?.summary?.startsWith("No prior history.")).toBe(true);
  });

  it("keeps tool-result details in the transcript but never sends them to the model", async () => {
    const { session, model } = createTestSession({
      files: { "a.md": "hello" },
      config: { tools: { exec: { security: "full", ask: "off" } } },
    });
    await session.runTurn({
      turn: scriptedTurn([
        { kind: "tool_calls", calls: [{ name: "exec", input: { command: "exit 3" } }] },
        { kind: "text", text: "It failed." },
      ]),
    });
    const stored = session.history.find((message) => message.role === "tool_result");
    expect(stored?.role === "tool_result" && stored.details).toMatchObject({ exitCode: 3 });
    const sent = model.requests.at(-1)?.messages.find((message) => message.role === "tool_result");
    expect(sent).toBeDefined();
    expect(sent && "details" in sent).toBe(false);
  });

  it("caps a persisted tool result at 400,000 chars and keeps its final error line", async () => {
    const big = `${`${"x".repeat(120)}\n`.repeat(5_000)}Error: the very last line`;
    const dump: Tool = {
      name: "dump",
      description: "Prints a long log",
      inputSchema: { type: "object", properties: {} },
      execute: async () => textResult(big),
    };
    const { session, events } = createTestSession({ tools: [dump] });
    await session.runTurn({
      turn: scriptedTurn([
        { kind: "tool_calls", calls: [{ name: "dump", input: {} }] },
        { kind: "text", text: "done" },
      ]),
    });
    const raw = ofType(events, "tool_execution_end")[0]?.result.content[0]?.text ?? "";
    expect(raw.length).toBe(big.length);
    const stored = session.history.find((message) => message.role === "tool_result");
    const text = stored?.role === "tool_result" ? stored.content.map((block) => block.text).join("") : "";
    expect(text.length).toBeLessThanOrEqual(400_000);
    expect(text.length).toBeGreaterThan(390_000);
    expect(text).toContain("Error: the very last line");
    expect(text.startsWith("x".repeat(120))).toBe(true);
  });

  it("drops an acknowledged heartbeat's messages from the session and keeps the transcript file on the live branch", async () => {
    const { session, runtime } = createTestSession({ files: { "HEARTBEAT.md": "- check the inbox\n" } });
    await session.runTurn({ turn: scriptedTurn([{ kind: "text", text: "hi there" }], { text: "hello" }) });
    await session.runTurn({
      turn: scriptedTurn([{ kind: "text", text: "HEARTBEAT_OK" }], { kind: "heartbeat", text: "", index: 1 }),
    });
    expect(session.history.map((message) => message.role)).toEqual(["user", "assistant"]);
    const [record] = session.transcripts();
    const text = await runtime.fs.readText(record?.file ?? "");
    const last = JSON.parse(text.trim().split("\n").at(-1) ?? "{}");
    expect(last).toMatchObject({ type: "custom", customType: "claw-eval.branch" });
    expect(record?.entries.length).toBeGreaterThan(4);
  });

  it("fires before_compaction and after_compaction with the compaction's counts; a throwing handler does not stop it", async () => {
    const hooks = createHookRegistry();
    const seen: Record<string, unknown>[] = [];
    hooks.on(
      "before_compaction",
      (event) => {
        seen.push({ hook: "before", messageCount: event.messageCount, compactingCount: event.compactingCount });
        throw new Error("observer broke");
      },
      { pluginId: "observer" },
    );
    hooks.on(
      "after_compaction",
      (event) => {
        seen.push({ hook: "after", messageCount: event.messageCount, compactedCount: event.compactedCount });
        return undefined;
      },
      { pluginId: "observer" },
    );
    const { session, events } = createTestSession({
      hooks,
      preload: preload(6, 4_000),
      config: { agents: { defaults: { compaction: { keepRecentTokens: 2_000, memoryFlush: { enabled: false } } } } },
    });
    await session.runTurn({
      turn: { ...scriptedTurn([], { text: "/compact" }), summaries: [{ kind: "text", text: SUMMARY }] },
    });
    expect(ofType(events, "compaction_end")[0]).toMatchObject({ ok: true, compacted: true, trigger: "manual" });
    expect(ofType(events, "hook_error").map((event) => event.hook)).toEqual(["before_compaction"]);
    const before = seen[0] as { messageCount: number; compactingCount: number };
    const after = seen[1] as { messageCount: number; compactedCount: number };
    expect(before.messageCount).toBe(24);
    expect(before.compactingCount).toBeGreaterThan(0);
    expect(after.compactedCount).toBe(before.messageCount - after.messageCount);
    expect(session.history[0]?.role).toBe("compaction_summary");
  });
});
