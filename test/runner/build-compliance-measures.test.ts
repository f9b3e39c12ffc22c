import { describe, expect, it } from "vitest";
import type { AgentEvent, ComparisonRate, ComplianceCategory, TurnResult, UnitResult } from "../../src/domain/index.js";
import { buildComparison } from "../../src/runner/build-comparison.js";
import { buildComplianceMeasures } from "../../src/runner/build-compliance-measures.js";
import { retainUnitForReports } from "../../src/runner/retain-unit-for-reports.js";
import { buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

const base = { runId: "run-1", sessionKey: "agent:main:main" };
const started: AgentEvent = { ...base, type: "agent_start", input: "", kind: "heartbeat" };

interface TurnSpec {
  category?: ComplianceCategory;
  reply: string;
  delivered: string | null;
  /** Status of the turn's `heartbeat` event (heartbeat turns only). */
  heartbeat?: string;
  /** No `agent_start`: the skip checks stopped the turn before the model. */
  skippedEarly?: boolean;
  /** Text the `message` tool sent during the run (a `delivery` with `via: "message"`). */
  sentByTool?: string;
}

function turn(spec: TurnSpec): TurnResult {
  const events: AgentEvent[] = [];
  if (spec.skippedEarly !== true) events.push(started);
  if (spec.sentByTool !== undefined) {
    events.push({ ...base, type: "delivery", status: "sent", text: spec.sentByTool, via: "message" });
  }
  if (spec.delivered !== null && spec.delivered !== spec.sentByTool) {
    events.push({ ...base, type: "delivery", status: "sent", text: spec.delivered });
  }
  if (spec.heartbeat !== undefined) events.push({ ...base, type: "heartbeat", status: spec.heartbeat });
  return buildTurnResult({
    ...(spec.category === undefined ? {} : { category: spec.category }),
    kind: spec.heartbeat === undefined ? "user" : "heartbeat",
    reply: spec.reply,
    delivered: spec.delivered,
    events,
  });
}

/** Hand-counted rate: exact `rate` and `n`; the bounds checked where the test names them. */
function rate(successes: number, n: number): Pick<ComparisonRate, "rate" | "n"> {
  return { rate: successes / n, n };
}

/** Wilson 95% bounds of 2/14, computed by hand (p ± z·√(p(1−p)/n + z²/4n²), centred and scaled). */
const LEAK_LOW = 0.0401;
const LEAK_HIGH = 0.3994;

const TURNS: TurnResult[] = [
  // quiet: 5 counted (the quiet-hours skip is not)
  turn({ category: "quiet", reply: "HEARTBEAT_OK", delivered: null, heartbeat: "ok-token" }),
  turn({ category: "quiet", reply: "**HEARTBEAT_OK**", delivered: null, heartbeat: "ok-token" }),
  turn({ category: "quiet", reply: "NO_REPLY", delivered: null, heartbeat: "ok-empty" }),
  turn({ category: "quiet", reply: "All good, nothing new.", delivered: "All good, nothing new.", heartbeat: "sent" }),
  turn({ category: "quiet", reply: " HEARTBEAT_OK\n", delivered: "HEARTBEAT_OK", heartbeat: "ok-token" }),
  turn({ category: "quiet", reply: "", delivered: null, heartbeat: "skipped", skippedEarly: true }),
  // alert: 3
  turn({ category: "alert", reply: "Strawberries low. HEARTBEAT_OK", delivered: null, heartbeat: "ok-token" }),
  turn({
    category: "alert",
    reply: "Stock fine HEARTBEAT_OK but strawberries low",
    delivered: "Stock fine HEARTBEAT_OK but strawberries low",
    heartbeat: "sent",
  }),
  turn({
    category: "alert",
    reply: "⚠️ Strawberries: 3 kg left",
    delivered: "⚠️ Strawberries: 3 kg left",
    heartbeat: "sent",
  }),
  // silent-expected: 4 (answering through the message tool, then NO_REPLY, is still silent)
  turn({ category: "silent-expected", reply: "NO_REPLY", delivered: null }),
  turn({ category: "silent-expected", reply: "NO_REPLY", delivered: "Sent: 19:00.", sentByTool: "Sent: 19:00." }),
  turn({ category: "silent-expected", reply: "Done.\n\nNO_REPLY", delivered: "Done." }),
  turn({ category: "silent-expected", reply: "NO_REPLY.", delivered: "NO_REPLY." }),
  // reply-expected: 2
  turn({ category: "reply-expected", reply: "NO_REPLY", delivered: null }),
  turn({ category: "reply-expected", reply: "Here it is. HEARTBEAT_OK", delivered: "Here it is." }),
  // no category: counts nowhere, though it appends a token
  turn({ reply: "Sure NO_REPLY", delivered: "Sure" }),
];

/** Each turn in a scenario case of its own: one observation per cluster, so plain Wilson bounds. */
function unitPerTurn(turns: readonly TurnResult[], model = "scripted"): UnitResult[] {
  return turns.map((one, index) => buildUnitResult({ model, scenarioId: `s${index}` }, { turns: [one] }));
}

describe("buildComplianceMeasures", () => {
  const measures = buildComplianceMeasures(unitPerTurn(TURNS));

  it("measures quiet turns: strict and lenient ack, silent ack, noise (skips before the model left out)", () => {
    expect(measures.strictAck).toMatchObject(rate(2, 5));
    expect(measures.strictAck.low).toBeCloseTo(0.1176, 4);
    expect(measures.strictAck.high).toBeCloseTo(0.7693, 4);
    expect(measures.lenientAck).toMatchObject(rate(4, 5));
    expect(measures.lenientAck.low).toBeCloseTo(0.3755, 4);
    expect(measures.lenientAck.high).toBeCloseTo(0.9638, 4);
    expect(measures.silentAck).toMatchObject(rate(1, 5));
    // The showOk HEARTBEAT_OK the runtime sent is not the model's noise.
    expect(measures.noise).toMatchObject(rate(1, 5));
  });

  it("measures alert turns: purity (no HEARTBEAT_OK anywhere) and false acks", () => {
    expect(measures.alertPurity).toMatchObject(rate(1, 3));
    expect(measures.alertPurity.low).toBeCloseTo(0.0615, 4);
    expect(measures.alertPurity.high).toBeCloseTo(0.7923, 4);
    expect(measures.falseAck).toMatchObject(rate(1, 3));
  });

  it("measures silent-expected and reply-expected turns", () => {
    expect(measures.exactSilence).toMatchObject(rate(2, 4));
    expect(measures.effectiveSilence).toMatchObject(rate(2, 4));
    expect(measures.falseSilence).toMatchObject(rate(1, 2));
    expect(measures.falseSilence.low).toBeCloseTo(0.0945, 4);
    expect(measures.falseSilence.high).toBeCloseTo(0.9055, 4);
  });

  it("measures token leaks and appended tokens over every categorised turn", () => {
    // Leaks: the mid-text HEARTBEAT_OK alert and `NO_REPLY.`; appended: `Done.\n\nNO_REPLY`, `Here it is. HEARTBEAT_OK`.
    expect(measures.tokenLeak).toMatchObject(rate(2, 14));
    expect(measures.tokenLeak.low).toBeCloseTo(LEAK_LOW, 4);
    expect(measures.tokenLeak.high).toBeCloseTo(LEAK_HIGH, 4);
    expect(measures.appendedToken).toMatchObject(rate(2, 14));
  });

  it("gives null rates and bounds when no turn counts", () => {
    const empty = { rate: null, low: null, high: null, n: 0, clusters: 0, designEffect: null };
    const none = buildComplianceMeasures(unitPerTurn([turn({ reply: "hi", delivered: "hi" })]));
    expect(Object.values(none)).toEqual(Array.from({ length: 12 }, () => empty));
  });
});

/** One model call: its `message_start`, the deltas it released (none when all was held back), its `message_end`. */
function modelCall(...deltas: string[]): AgentEvent[] {
  return [
    { ...base, type: "message_start", role: "assistant" },
    ...deltas.map((delta): AgentEvent => ({ ...base, type: "message_update", delta })),
    {
      ...base,
      type: "message_end",
      message: { role: "assistant", content: [{ type: "text", text: deltas.join("") }], stopReason: "end_turn" },
    },
  ];
}

/** A heartbeat turn whose run started with `agent_start.stream` set (`streamFlag`) or not (results of older versions). */
function streamedTurn(streamFlag: boolean, ...calls: AgentEvent[][]): TurnResult {
  const start: AgentEvent = { ...started, ...(streamFlag ? { stream: true as const } : {}) };
  return buildTurnResult({ kind: "heartbeat", reply: "", delivered: null, events: [start, ...calls.flat()] });
}

describe("buildComplianceMeasures: streamed token leak", () => {
  const silent = streamedTurn(true, modelCall());
  const twoCalls = streamedTurn(true, modelCall("Checking the calendar: NO"), modelCall("_REPLY needed, all clear."));
  const leak = streamedTurn(true, modelCall("Nothing new. NO_", "REPLY"));
  const notStreamed = streamedTurn(false, modelCall());

  it("counts a streamed turn that released nothing as a clean streamed turn", () => {
    expect(buildComplianceMeasures(unitPerTurn([silent])).streamedLeak).toMatchObject(rate(0, 1));
  });

  it("judges each model call on its own: a token split across two calls is no leak", () => {
    expect(buildComplianceMeasures(unitPerTurn([twoCalls])).streamedLeak).toMatchObject(rate(0, 1));
  });

  it("counts a token one call streamed across several deltas as a leak", () => {
    expect(buildComplianceMeasures(unitPerTurn([leak])).streamedLeak).toMatchObject(rate(1, 1));
    const heartbeatOk = streamedTurn(true, modelCall("Fine."), modelCall("HEARTBEAT", "_OK"));
    expect(buildComplianceMeasures(unitPerTurn([heartbeatOk])).streamedLeak).toMatchObject(rate(1, 1));
  });

  it("leaves out turns that did not stream", () => {
    const measures = buildComplianceMeasures(unitPerTurn([silent, twoCalls, leak, notStreamed]));
    expect(measures.streamedLeak).toMatchObject(rate(1, 3));
    expect(buildComplianceMeasures(unitPerTurn([notStreamed])).streamedLeak).toMatchObject({ rate: null, n: 0 });
  });

  it("reads older results without agent_start.stream: a turn streamed when it has a message_update", () => {
    const oldLeak = streamedTurn(false, modelCall("All quiet. HEARTBEAT_OK"));
    const oldClean = streamedTurn(false, modelCall("All ", "quiet."));
    const oldNoDeltas = { ...oldClean, events: oldClean.events.filter((event) => event.type !== "message_update") };
    // Their event lists before message_start was recorded with the deltas: one reply per run.
    const bare = (turn: TurnResult) => ({ ...turn, events: turn.events.filter((e) => e.type !== "message_start") });
    const measures = buildComplianceMeasures(unitPerTurn([oldLeak, oldClean, oldNoDeltas, bare(oldLeak)]));
    expect(measures.streamedLeak).toMatchObject(rate(2, 3));
  });

  it("gives the same rate after the run keeps only what reports read", () => {
    const units = unitPerTurn([silent, twoCalls, leak, notStreamed]);
    expect(buildComplianceMeasures(units.map(retainUnitForReports)).streamedLeak).toEqual(
      buildComplianceMeasures(units).streamedLeak,
    );
  });
});

describe("buildComparison with measures", () => {
  it("puts each model's measures in the comparison; falseSilence is the measure's", () => {
    const units = [
      buildUnitResult({ model: "a", scenarioId: "s1" }, { turns: TURNS }),
      buildUnitResult({ model: "b", scenarioId: "s1", status: "skipped" }),
    ];
    const [a, b] = buildComparison(buildRunResult(units), { models: ["a", "b"] }).models;
    expect(a?.measures).toEqual(buildComplianceMeasures([units[0]!]));
    expect(a?.falseSilence).toEqual(a?.measures?.falseSilence);
    expect(b?.measures?.strictAck).toEqual({
      rate: null,
      low: null,
      high: null,
      n: 0,
      clusters: 0,
      designEffect: null,
    });
  });
});
