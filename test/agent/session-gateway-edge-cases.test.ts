import { describe, expect, it } from "vitest";
import { playScenarioSession } from "./play-scenario-session.js";

/*
 * Edge cases of the session gateway's queue handling: arrival order under repeated interrupts,
 * the summary line of a message dropped over the cap, and a steered message whose run stopped
 * before taking it.
 */

describe("interrupt keeps arrival order among the messages it queues", () => {
  it("three messages interrupting one run run in the order they arrived", async () => {
    const { events } = await playScenarioSession([
      "name: three interrupts",
      "config: { messages: { queue: { mode: interrupt } }, agents: { defaults: { timeoutSeconds: 3600 } } }",
      "turns:",
      "  - user: run the tests",
      "    approvals: [ { match: '*', decision: allow } ]",
      "    script:",
      "      - tools:",
      "          - { tool: exec, input: { command: echo tests }, takes: 10m }",
      "      - text: done",
      "  - user: message A",
      '    at: "+1m"',
      "    script: [ { text: reply A } ]",
      "  - user: message B",
      "    during: previous",
      "    script: [ { text: reply B } ]",
      "  - user: message C",
      "    during: previous",
      "    script: [ { text: reply C } ]",
    ]);
    const inputs = events.flatMap((event) => (event.type === "agent_start" ? [event.input] : []));
    // Today: ["run the tests", "message C", "message B", "message A"] — each later message
    // "interrupts" the already-aborted run again and is put in front of the earlier ones.
    expect(inputs).toEqual(["run the tests", "message A", "message B", "message C"]);
  });
});

/** A busy session (a 10-minute exec), then two messages a minute in, with a queue cap of 1 and `drop: summarize`. */
const overflowScenario = (mode: string) => [
  `name: summarize overflow (${mode})`,
  "config:",
  `  messages: { queue: { mode: ${mode}, cap: 1, drop: summarize, debounceMs: 0 } }`,
  "  agents: { defaults: { timeoutSeconds: 3600 } }",
  "turns:",
  "  - user: run the tests",
  "    approvals: [ { match: '*', decision: allow } ]",
  "    script:",
  "      - tools:",
  "          - { tool: exec, input: { command: echo tests }, takes: 10m }",
  "      - text: done",
  "  - user: please also check the flaky login test",
  '    at: "+1m"',
  "    script: [ { text: reply A } ]",
  "  - user: and bump the version",
  "    during: previous",
  "    script: [ { text: reply B } ]",
];

describe("drop: summarize keeps a line of the dropped message in the next collected run", () => {
  it("collect: the next collected run's input names the message dropped over the cap", async () => {
    const { events, outcomes } = await playScenarioSession(overflowScenario("collect"));
    const actions = (outcomes[1]?.events ?? []).flatMap((event) => (event.type === "queue" ? [event.action] : []));
    expect(actions).toEqual(["collected", "summarized"]);
    const inputs = events.flatMap((event) => (event.type === "agent_start" ? [event.input] : []));
    expect(inputs).toHaveLength(2);
    // Today the second run's input is only "and bump the version": the summary line is lost
    // because no collected batch waits to carry it (the dropped message's own batch was removed).
    expect(inputs[1]).toContain("please also check the flaky login test");
    expect(inputs[1]).toContain("and bump the version");
  });
});

describe("a message steered into a run that then stops early is not lost", () => {
  it("steer: a message steered into a run that times out before its next model call still reaches the model", async () => {
    const { events, model, outcomes } = await playScenarioSession([
      "name: steered then timed out",
      "config: { messages: { queue: { mode: steer } }, agents: { defaults: { timeoutSeconds: 300 } } }",
      "turns:",
      "  - user: run the tests",
      "    approvals: [ { match: '*', decision: allow } ]",
      "    script:",
      "      - tools:",
      "          - { tool: exec, input: { command: echo tests }, takes: 10m }",
      "      - text: done",
      "  - user: also check the login page",
      '    at: "+1m"',
      "    script: [ { text: Checked the login page. } ]",
    ]);
    const actions = (outcomes[1]?.events ?? []).flatMap((event) => (event.type === "queue" ? [event.action] : []));
    expect(actions[0]).toBe("steered");
    expect(events.some((event) => event.type === "run_timeout")).toBe(true);
    // Today the run times out at 5 minutes with the message still waiting in its steering queue:
    // no model request ever carries it, no follow-up run is started, and its turn settles with
    // an empty reply (model requests: only the first one, "run the tests").
    const carried = model.requests.some((request) =>
      request.messages.some((message) => message.role === "user" && message.content === "also check the login page"),
    );
    expect(carried).toBe(true);
  });
});
