import { describe, expect, it } from "vitest";
import { runAgentLoop } from "../../src/agent/run-agent-loop.js";
import type { AgentEvent, Model, ScriptStep, UserMessage } from "../../src/domain/index.js";
import { createScriptedModel } from "../../src/models/scripted-model.js";
import { withRetries } from "../../src/models/with-retries.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { createBuiltinTools } from "../../src/tools/create-builtin-tools.js";
import { createTestSession } from "../support/create-test-session.js";
import { loopContext } from "../support/loop-context.js";
import { callContext, scriptedTurn } from "../support/scenario-turn.js";

interface LoopRun {
  script: ScriptStep[];
  stream?: boolean;
  input?: UserMessage;
  model?: Model;
  files?: Record<string, string>;
}

async function run(options: LoopRun) {
  const runtime = createTestRuntime({ files: options.files ?? {} });
  const events: AgentEvent[] = [];
  const model = options.model ?? createScriptedModel();
  const outcome = await runAgentLoop({
    runtime,
    model,
    tools: Object.values(createBuiltinTools()),
    systemPrompt: "sys",
    ...loopContext(runtime, model),
    input: options.input ?? { role: "user", content: "hello" },
    callContext: callContext(options.script),
    workspaceDir: runtime.root,
    maxSteps: 5,
    emit: (event) => events.push(event),
    runId: "run-1",
    ...(options.stream === undefined ? { stream: true } : { stream: options.stream }),
  });
  return { outcome, events };
}

/** The event types with each `message_update` shown as its delta. */
function timeline(events: readonly AgentEvent[]): string[] {
  return events
    .filter((event) => event.type !== "context_assembled")
    .map((event) => (event.type === "message_update" ? `update ${JSON.stringify(event.delta)}` : event.type));
}

const deltas = (events: readonly AgentEvent[]) =>
  events.flatMap((event) => (event.type === "message_update" ? [event.delta] : []));

describe("runAgentLoop with streaming", () => {
  it("emits the released text as message_update events between message_start and message_end", async () => {
    const { events } = await run({ script: [{ kind: "text", text: "It says hi." }] });
    expect(timeline(events)).toEqual([
      "turn_start",
      "message_start",
      'update "It"',
      'update " says"',
      'update " hi."',
      "message_end",
      "turn_end",
      "agent_end",
    ]);
    expect(events.find((event) => event.type === "message_update")).toMatchObject({
      runId: "run-1",
      sessionKey: "agent:main:main",
    });
  });

  it("streams each model call of a run on its own, tool call text included", async () => {
    const { events } = await run({
      script: [
        { kind: "tool_calls", text: "Reading.", calls: [{ name: "read", input: { path: "a.md" } }] },
        { kind: "text", text: "NO_REPLY" },
      ],
      files: { "a.md": "hi" },
    });
    expect(timeline(events)).toEqual([
      "turn_start",
      "message_start",
      'update "Readi"',
      'update "ng."',
      "message_end",
      "tool_execution_start",
      "tool_execution_end",
      "turn_end",
      "turn_start",
      "message_start",
      "message_end",
      "turn_end",
      "agent_end",
    ]);
  });

  it("holds a silent reply back entirely, and lets an appended token through", async () => {
    expect(deltas((await run({ script: [{ kind: "text", text: "  NO_REPLY\n" }] })).events)).toEqual([]);
    const appended = await run({ script: [{ kind: "text", text: "Done.\n\nNO_REPLY" }] });
    expect(deltas(appended.events).join("")).toBe("Done.\n\nNO_REPLY");
  });

  it("releases a held prefix when the reply ends short of the token", async () => {
    expect(deltas((await run({ script: [{ kind: "text", text: "NO" }] })).events)).toEqual(["NO"]);
  });

  it("holds HEARTBEAT_OK back in a heartbeat run but not in a user run", async () => {
    const heartbeat: UserMessage = { role: "user", content: "Read HEARTBEAT.md", kind: "heartbeat" };
    const script: ScriptStep[] = [{ kind: "text", text: "HEARTBEAT_OK" }];
    expect(deltas((await run({ script, input: heartbeat })).events)).toEqual([]);
    expect(deltas((await run({ script })).events).join("")).toBe("HEARTBEAT_OK");
  });

  it("emits no message_update without streaming, and the reply is the same", async () => {
    const script: ScriptStep[] = [{ kind: "text", text: "It says hi." }];
    const plain = await run({ script, stream: false });
    const streamed = await run({ script });
    expect(deltas(plain.events)).toEqual([]);
    expect(plain.outcome.reply).toBe(streamed.outcome.reply);
  });

  it("never shows held text of a failed call, nor a delta that arrives after the call ended", async () => {
    let late: (() => void) | undefined;
    const failing: Model = {
      id: "failing",
      async complete(request) {
        request.onTextDelta?.("NO_RE");
        late = () => request.onTextDelta?.("ASON to worry");
        return { ok: false, error: { kind: "timeout", message: "gave up", retryable: false } };
      },
    };
    const { events, outcome } = await run({ script: [], model: failing });
    late?.();
    expect(outcome.stopReason).toBe("error");
    expect(deltas(events)).toEqual([]);
  });

  it("drops held text of a failed attempt that is retried", async () => {
    let calls = 0;
    const flaky: Model = {
      id: "flaky",
      async complete(request) {
        calls += 1;
        if (calls === 1) {
          request.onTextDelta?.("NO_RE");
          return { ok: false, error: { kind: "server", message: "dropped", retryable: true } };
        }
        return createScriptedModel().complete(request);
      },
    };
    const model = withRetries(flaky, { sleep: async () => {}, random: () => 0 });
    const { events } = await run({ script: [{ kind: "text", text: "NO_REPLY" }], model });
    expect(deltas(events)).toEqual([]);
  });
});

describe("agent session streaming", () => {
  it("streams the main session's turn when the unit streams, and not otherwise", async () => {
    const turn = scriptedTurn([{ kind: "text", text: "Hello there" }]);
    const streaming = createTestSession({ stream: true });
    await streaming.session.runTurn({ turn });
    expect(deltas(streaming.events)).toEqual(["Hello", " there"]);
    const plain = createTestSession();
    await plain.session.runTurn({ turn });
    expect(deltas(plain.events)).toEqual([]);
    const marks = (events: readonly AgentEvent[]) =>
      events.flatMap((event) => (event.type === "agent_start" ? [event.stream] : []));
    expect(marks(streaming.events)).toEqual([true]);
    expect(marks(plain.events)).toEqual([undefined]);
  });

  it("never streams a sub-agent's run", async () => {
    const { session, events } = createTestSession({ stream: true });
    await session.runTurn({
      turn: scriptedTurn([
        { kind: "tool_calls", calls: [{ name: "sessions_spawn", input: { task: "look around" } }] },
        { kind: "text", text: "Spawned." },
        { kind: "text", text: "Child done" },
        { kind: "text", text: "All finished" },
      ]),
    });
    const childKeys = new Set(
      events.flatMap((event) =>
        event.type === "subagent" && event.phase === "spawned" ? [event.childSessionKey] : [],
      ),
    );
    expect(childKeys.size).toBe(1);
    const streamedKeys = events.flatMap((event) => (event.type === "message_update" ? [event.sessionKey] : []));
    expect(streamedKeys.some((key) => childKeys.has(key))).toBe(false);
    const starts = events.flatMap((event) =>
      event.type === "agent_start" ? [{ child: childKeys.has(event.sessionKey), stream: event.stream }] : [],
    );
    expect(starts.filter((start) => start.child).map((start) => start.stream)).toEqual([undefined]);
    expect(starts.filter((start) => !start.child).every((start) => start.stream === true)).toBe(true);
    expect(deltas(events).join("")).toContain("Spawned.");
  });
});
