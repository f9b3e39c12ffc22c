import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TOOL_ABORTED_TEXT } from "../../src/agent/execute-tool-call.js";
import type { AgentEvent, UnitResult } from "../../src/domain/index.js";
import { planOneUnit, runPlannedUnit } from "../support/plan-one-unit.js";
import { makeTempDir } from "../support/run-cli.js";
import { lastUserText, playScenarioSession as play } from "./play-scenario-session.js";

const position = (events: readonly AgentEvent[], test: (event: AgentEvent) => boolean): number => {
  const index = events.findIndex(test);
  expect(index).toBeGreaterThan(-1);
  return index;
};

describe("run timeout", () => {
  it("ends a model call that never answers at the run timeout, and the unit goes on to the next turn", async () => {
    const dir = makeTempDir();
    const unit = await planOneUnit(dir, [
      "name: a model that never answers",
      "config: { agents: { defaults: { timeoutSeconds: 5 } } }",
      "turns:",
      "  - user: are you there?",
      "    script: [ { hang: true } ]",
      "  - user: hello again",
      "    script: [ { text: still here } ]",
    ]);
    const result: UnitResult = await runPlannedUnit(unit, dir);
    const [hung, next] = result.turns;
    const events = hung?.events ?? [];
    const timeout = events.find((event) => event.type === "run_timeout");
    expect(timeout).toMatchObject({ type: "run_timeout", timeoutMs: 5_000 });
    const end = events.find((event) => event.type === "agent_end");
    expect(end).toMatchObject({
      type: "agent_end",
      runId: timeout?.runId,
      success: false,
      stopReason: "aborted",
      error: "run timed out after 5 s (agents.defaults.timeoutSeconds)",
    });
    expect(events.indexOf(timeout as AgentEvent)).toBeLessThan(events.indexOf(end as AgentEvent));
    expect(hung?.reply).toBe("");
    expect(result.turns).toHaveLength(2);
    expect(next?.reply).toBe("still here");
    expect(next?.events.some((event) => event.type === "run_timeout")).toBe(false);
  });

  it("moves the clock by exactly the timeout while the model hangs", async () => {
    const { events, runtime } = await play([
      "name: hang",
      "config: { agents: { defaults: { timeoutSeconds: 5 } } }",
      "turns:",
      "  - user: are you there?",
      "    script: [ { hang: true } ]",
    ]);
    const start = runtime.now();
    expect(events.filter((event) => event.type === "run_timeout")).toHaveLength(1);
    // The run started at the scenario's first arrival; nothing else took simulated time.
    expect(start).toBe(Date.parse("2026-03-11T09:00:05Z"));
  });
});

describe("interrupt during a tool call", () => {
  it("aborts the run while its exec waits, never runs the exec, and runs the new message next", async () => {
    const { events, model, outcomes, runtime } = await play([
      "name: interrupt",
      "config: { messages: { queue: { mode: interrupt } }, agents: { defaults: { timeoutSeconds: 3600 } } }",
      "turns:",
      "  - user: deploy it",
      "    approvals: [ { match: '*', decision: allow } ]",
      "    script:",
      "      - tools:",
      "          - { tool: exec, input: { command: echo deployed > deployed }, takes: 10m }",
      "      - text: deployed",
      "  - user: stop, wrong branch",
      '    at: "+2m"',
      "    script: [ { text: Stopped. } ]",
    ]);
    expect(existsSync(join(runtime.root, "deployed"))).toBe(false);
    const [first, second] = outcomes;
    const firstRun = first?.events.find((event) => event.type === "agent_start")?.runId;
    const interrupted = events.find((event) => event.type === "queue");
    expect(interrupted).toMatchObject({ action: "interrupted", turnIndex: 1, targetRunId: firstRun });
    const toolEnd = events.find((event) => event.type === "tool_execution_end");
    expect(toolEnd).toMatchObject({
      runId: firstRun,
      isError: true,
      result: { content: [{ type: "text", text: "Tool call aborted: the run was stopped before the tool ran." }] },
    });
    // The interrupt lands before the tool's end, and the new run starts after the old one ended.
    const firstEnd = position(events, (event) => event.type === "agent_end" && event.runId === firstRun);
    expect(position(events, (event) => event === interrupted)).toBeLessThan(firstEnd);
    const secondStart = position(
      events,
      (event) => event.type === "agent_start" && event.runId !== firstRun && event.input === "stop, wrong branch",
    );
    expect(firstEnd).toBeLessThan(secondStart);
    expect(model.requests).toHaveLength(2);
    expect(lastUserText(model.requests[1]?.messages ?? [])).toBe("stop, wrong branch");
    expect(first?.reply).toBe("");
    expect(second?.reply).toBe("Stopped.");
  });
});

describe("a sub-agent's announce into a busy parent", () => {
  it("is steered into the parent's running run and reaches the parent's next model request", async () => {
    const { events, model, outcomes } = await play([
      "name: announce while busy",
      "config: { agents: { defaults: { timeoutSeconds: 3600 } } }",
      "turns:",
      "  - user: plan the trip and build the site",
      "    approvals: [ { match: '*', decision: allow } ]",
      "    script:",
      "      - tools:",
      "          - { tool: sessions_spawn, input: { task: find hotels in Kyoto } }",
      "          - { tool: exec, input: { command: echo built }, takes: 10m }",
      "      - text: Hotel Kamo and Hotel Sanjo",
      "      - text: The site is built; the helper found Hotel Kamo and Hotel Sanjo.",
      "  - user: thanks",
      "    script: [ { text: You're welcome. } ]",
    ]);
    const parentRun = events.find((event) => event.type === "agent_start")?.runId;
    const announced = events.find((event) => event.type === "subagent" && event.phase === "announced");
    expect(announced).toMatchObject({ runId: parentRun, sessionKey: "agent:main:main" });
    // The child finished while the parent's exec was still running: announce before the exec's end.
    const ended = position(events, (event) => event.type === "subagent" && event.phase === "ended");
    const announceAt = position(events, (event) => event === announced);
    const execEnd = position(events, (event) => event.type === "tool_execution_end" && event.toolName === "exec");
    const parentEnd = position(events, (event) => event.type === "agent_end" && event.runId === parentRun);
    expect(ended).toBeLessThan(announceAt);
    expect(announceAt).toBeLessThan(execEnd);
    expect(execEnd).toBeLessThan(parentEnd);
    // No run of its own: the parent's next model call carries the announce.
    const mainRequests = model.requests.filter((request) => request.context.sessionKey === "agent:main:main");
    expect(mainRequests).toHaveLength(3);
    const announce = lastUserText(mainRequests[1]?.messages ?? []);
    expect(announce).toContain("find hotels in Kyoto");
    expect(announce).toContain("Hotel Kamo and Hotel Sanjo");
    // The exec result comes before the steered announce in that request.
    const roles = (mainRequests[1]?.messages ?? []).slice(-3).map((message) => message.role);
    expect(roles).toEqual(["tool_result", "tool_result", "user"]);
    const mainStarts = events.filter((event) => event.type === "agent_start" && event.sessionKey === "agent:main:main");
    expect(mainStarts.map((event) => (event.type === "agent_start" ? event.input : ""))).toEqual([
      "plan the trip and build the site",
      "thanks",
    ]);
    expect(outcomes[0]?.reply).toBe("The site is built; the helper found Hotel Kamo and Hotel Sanjo.");
    expect(outcomes[1]?.reply).toBe("You're welcome.");
  });
});

const toolEnds = (events: readonly AgentEvent[]) =>
  events.flatMap((event) =>
    event.type === "tool_execution_end"
      ? [`${event.toolName}: ${event.result.content.map((block) => ("text" in block ? block.text : "")).join("")}`]
      : [],
  );

describe("an aborted run runs no more tools", () => {
  it("interrupt: the calls after the interrupted one in the same batch are not run", async () => {
    const { events, runtime } = await play([
      "name: interrupt mid-batch",
      "config: { messages: { queue: { mode: interrupt } }, agents: { defaults: { timeoutSeconds: 3600 } } }",
      "turns:",
      "  - user: run the tests then write the notes",
      "    approvals: [ { match: '*', decision: allow } ]",
      "    script:",
      "      - tools:",
      "          - { tool: exec, input: { command: echo tests }, takes: 10m }",
      "          - { tool: write, input: { path: notes.md, content: written after the abort } }",
      "      - text: done",
      "  - user: stop",
      '    at: "+1m"',
      "    script: [ { text: Stopped. } ]",
    ]);
    expect(existsSync(join(runtime.root, "notes.md"))).toBe(false);
    expect(toolEnds(events)).toEqual([`exec: ${TOOL_ABORTED_TEXT}`, `write: ${TOOL_ABORTED_TEXT}`]);
  });

  it("run timeout: the calls after the timed-out one in the same batch are not run", async () => {
    const { events, runtime } = await play([
      "name: timeout mid-batch",
      "config: { agents: { defaults: { timeoutSeconds: 60 } } }",
      "turns:",
      "  - user: run the tests then write the notes",
      "    script:",
      "      - tools:",
      "          - { tool: read, input: { path: README.md }, takes: 5m }",
      "          - { tool: write, input: { path: notes.md, content: written after the timeout } }",
      "      - text: done",
    ]);
    expect(events.some((event) => event.type === "run_timeout")).toBe(true);
    expect(existsSync(join(runtime.root, "notes.md"))).toBe(false);
    expect(toolEnds(events)).toEqual([`read: ${TOOL_ABORTED_TEXT}`, `write: ${TOOL_ABORTED_TEXT}`]);
  });
});

describe("heartbeats and a busy main session", () => {
  it("skips heartbeats due while a run is in flight (requests-in-flight) and runs the later ones", async () => {
    const { events, outcomes } = await play(
      [
        "name: heartbeat while busy",
        "config: { agents: { defaults: { timeoutSeconds: 3600 } } }",
        "heartbeats:",
        "  every: 5m",
        "  for: 20m",
        "  script: [ { text: HEARTBEAT_OK } ]",
        "turns:",
        "  - user: run the long job",
        "    approvals: [ { match: '*', decision: allow } ]",
        "    script:",
        "      - tools:",
        "          - { tool: exec, input: { command: echo done }, takes: 12m }",
        "      - text: job done",
      ],
      { "HEARTBEAT.md": "- check the job\n" },
    );
    const statuses = outcomes
      .slice(1)
      .map((outcome) =>
        (outcome?.events ?? []).flatMap((event) =>
          event.type === "heartbeat" ? [`${event.status}${event.reason ? ` ${event.reason}` : ""}`] : [],
        ),
      );
    expect(statuses.slice(0, 2)).toEqual([["skipped requests-in-flight"], ["skipped requests-in-flight"]]);
    for (const later of statuses.slice(2)) expect(later).not.toContain("skipped requests-in-flight");
    expect(statuses).toHaveLength(4);
    // Runs of the main session never overlap.
    let open = 0;
    for (const event of events) {
      if (event.sessionKey !== "agent:main:main") continue;
      if (event.type === "agent_start") open++;
      if (event.type === "agent_end") open--;
      expect(open).toBeLessThanOrEqual(1);
    }
  });
});
