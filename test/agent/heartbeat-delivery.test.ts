import { describe, expect, it } from "vitest";
import { decideHeartbeatOutcome } from "../../src/agent/decide-heartbeat-outcome.js";
import { readHeartbeatDelivery } from "../../src/agent/read-heartbeat-delivery.js";
import { checkOpenClawConfig } from "../../src/config/check-openclaw-config.js";
import type { AgentEvent, AgentEventOf, HeartbeatWakeReason } from "../../src/domain/index.js";
import { createTestSession } from "../support/create-test-session.js";
import { scriptedTurn } from "../support/scenario-turn.js";

const ALERT = "Strawberries: only 3 kg left, reorder today!";
const NOW = Date.parse("2026-03-11T09:00:00Z");

function setup(config: Record<string, unknown> = {}, files: Record<string, string> = {}) {
  const { session, model, events } = createTestSession({
    files,
    now: NOW,
    tools: [],
    config,
    scenarioId: "heartbeat-delivery",
    unitId: "heartbeat-delivery@scripted~1",
    maxSteps: 4,
  });
  let index = 0;
  const heartbeat = (text: string, wakeReason?: HeartbeatWakeReason) =>
    session.runTurn({
      turn: scriptedTurn([{ kind: "text", text }], {
        index: index++,
        kind: "heartbeat",
        text: "",
        ...(wakeReason === undefined ? {} : { wakeReason }),
      }),
    });
  const strip = <T extends AgentEvent>({ runId: _run, sessionKey: _key, ...rest }: T) => rest;
  const heartbeatEvents = () =>
    events
      .filter((event): event is AgentEventOf<"heartbeat"> => event.type === "heartbeat")
      .map(({ runId: _run, sessionKey: _key, durationMs: _ms, ...rest }) => rest);
  const deliveries = () => events.filter((event) => event.type === "delivery").map(strip);
  return { session, model, heartbeat, heartbeatEvents, deliveries };
}

const heartbeatConfig = (heartbeat: Record<string, unknown>) => ({ agents: { defaults: { heartbeat } } });

describe("readHeartbeatDelivery", () => {
  it("defaults to target last on the scenario channel with showOk false, showAlerts and useIndicator true", () => {
    expect(readHeartbeatDelivery({})).toEqual({
      target: "last",
      channel: "scenario",
      hasRecipient: true,
      visibility: { showOk: false, showAlerts: true, useIndicator: true },
    });
  });

  it("layers channels.defaults < channels.<channel> < channels.<channel>.accounts.<accountId>", () => {
    const config = {
      agents: { defaults: { heartbeat: { target: "scenario", accountId: "owner" } } },
      channels: {
        defaults: { heartbeat: { showOk: true, showAlerts: false, useIndicator: false } },
        scenario: {
          heartbeat: { showAlerts: true, showOk: "yes" },
          accounts: { owner: { heartbeat: { showOk: false } } },
        },
        telegram: { heartbeat: { useIndicator: true } },
      },
    };
    expect(readHeartbeatDelivery(config)).toEqual({
      target: "scenario",
      channel: "scenario",
      hasRecipient: true,
      visibility: { showOk: false, showAlerts: true, useIndicator: false },
    });
  });

  it("has no recipient for target none or a channel other than the scenario's", () => {
    expect(readHeartbeatDelivery(heartbeatConfig({ target: "none" }))).toMatchObject({
      channel: "scenario",
      hasRecipient: false,
    });
    expect(readHeartbeatDelivery(heartbeatConfig({ target: " telegram " }))).toMatchObject({
      target: "telegram",
      channel: "telegram",
      hasRecipient: false,
    });
  });
});

describe("config check of the heartbeat keys read", () => {
  it("knows target and channel visibility, warns on non-boolean visibility and keeps other channel keys", () => {
    const { config, issues } = checkOpenClawConfig({
      agents: { defaults: { heartbeat: { target: "none" } } },
      channels: {
        defaults: { heartbeat: { showOk: true } },
        scenario: {
          heartbeat: { showAlerts: "no", showAlert: false },
          accounts: { a: { heartbeat: { useIndicator: 1 } } },
        },
        telegram: { groups: { g1: { requireMention: true } } },
      },
    });
    expect(issues.map((issue) => `${issue.path}: ${issue.expected}`)).toEqual([
      "channels.scenario.heartbeat.showAlerts: true or false (the default true applies)",
      "channels.scenario.heartbeat.showAlert: a known channels.scenario.heartbeat key (unknown keys are ignored)",
      "channels.scenario.accounts.a.heartbeat.useIndicator: true or false (the default true applies)",
    ]);
    expect(config.channels).toEqual({
      defaults: { heartbeat: { showOk: true } },
      scenario: { heartbeat: { showAlert: false }, accounts: { a: { heartbeat: {} } } },
      telegram: { groups: { g1: { requireMention: true } } },
    });
  });
});

describe("decideHeartbeatOutcome (spec/loop.md §5.5 rows)", () => {
  const at = { now: NOW };
  it("an alert without a recipient is no-target, one hidden by showAlerts false is alerts-disabled", () => {
    expect(decideHeartbeatOutcome(ALERT, { ...at, hasRecipient: false })).toEqual({
      status: "skipped",
      reason: "no-target",
      text: ALERT,
    });
    expect(decideHeartbeatOutcome(ALERT, { ...at, showAlerts: false })).toEqual({
      status: "skipped",
      reason: "alerts-disabled",
      text: ALERT,
    });
    expect(decideHeartbeatOutcome(ALERT, { ...at, hasRecipient: false, showAlerts: false })).toMatchObject({
      reason: "no-target",
    });
  });

  it("a duplicate is reported before no-target", () => {
    const lastAlert = { text: ALERT, sentAt: NOW - 1000 };
    expect(decideHeartbeatOutcome(ALERT, { ...at, lastAlert, hasRecipient: false })).toMatchObject({
      reason: "duplicate",
    });
  });

  it("acks send HEARTBEAT_OK only with showOk and a recipient", () => {
    expect(decideHeartbeatOutcome("HEARTBEAT_OK", { ...at, showOk: true })).toEqual({
      status: "ok-token",
      deliveryReason: "heartbeat",
      sendOk: true,
    });
    expect(decideHeartbeatOutcome("NO_REPLY", { ...at, showOk: true })).toMatchObject({
      status: "ok-empty",
      sendOk: true,
    });
    expect(decideHeartbeatOutcome("HEARTBEAT_OK", { ...at, showOk: true, hasRecipient: false })).toMatchObject({
      sendOk: false,
    });
    expect(decideHeartbeatOutcome("HEARTBEAT_OK", at)).toMatchObject({ sendOk: false });
  });
});

describe("heartbeat targets and visibility in a session", () => {
  it("target none: the alert is skipped no-target, nothing delivered, the transcript kept", async () => {
    const { session, heartbeat, heartbeatEvents, deliveries } = setup(heartbeatConfig({ target: "none" }));
    const outcome = await heartbeat(ALERT);
    expect(outcome.delivered).toBeNull();
    expect(session.history).toHaveLength(2);
    expect(deliveries()).toEqual([{ type: "delivery", status: "skipped", reason: "no-target" }]);
    expect(heartbeatEvents()).toEqual([{ type: "heartbeat", status: "skipped", reason: "no-target", preview: ALERT }]);
  });

  it("target scenario delivers like last; another channel has no recipient", async () => {
    const scenario = setup(heartbeatConfig({ target: "scenario" }));
    expect((await scenario.heartbeat(ALERT)).delivered).toBe(ALERT);
    const telegram = setup(heartbeatConfig({ target: "telegram" }));
    expect((await telegram.heartbeat(ALERT)).delivered).toBeNull();
    expect(telegram.heartbeatEvents()[0]).toMatchObject({ status: "skipped", reason: "no-target" });
  });

  it("showAlerts false: the alert is skipped alerts-disabled and kept in the transcript", async () => {
    const { session, heartbeat, heartbeatEvents, deliveries } = setup({
      channels: { scenario: { heartbeat: { showAlerts: false } } },
    });
    const outcome = await heartbeat(ALERT);
    expect(outcome.delivered).toBeNull();
    expect(session.history).toHaveLength(2);
    expect(deliveries()).toEqual([{ type: "delivery", status: "skipped", reason: "alerts-disabled" }]);
    expect(heartbeatEvents()[0]).toMatchObject({ status: "skipped", reason: "alerts-disabled" });
  });

  it("showOk: an ack sends HEARTBEAT_OK and still leaves no trace in the transcript", async () => {
    const { session, heartbeat, heartbeatEvents, deliveries } = setup({
      channels: { defaults: { heartbeat: { showOk: true } } },
    });
    const ack = await heartbeat("HEARTBEAT_OK");
    const silent = await heartbeat("NO_REPLY");
    expect([ack.delivered, silent.delivered]).toEqual(["HEARTBEAT_OK", "HEARTBEAT_OK"]);
    expect(session.history).toEqual([]);
    expect(deliveries()).toEqual([
      { type: "delivery", status: "sent", text: "HEARTBEAT_OK" },
      { type: "delivery", status: "sent", text: "HEARTBEAT_OK" },
    ]);
    expect(heartbeatEvents().map((event) => event.status)).toEqual(["ok-token", "ok-empty"]);
  });

  it("showOk with target none sends nothing", async () => {
    const { heartbeat, deliveries } = setup({
      ...heartbeatConfig({ target: "none" }),
      channels: { scenario: { heartbeat: { showOk: true } } },
    });
    expect((await heartbeat("HEARTBEAT_OK")).delivered).toBeNull();
    expect(deliveries()).toEqual([{ type: "delivery", status: "skipped", reason: "heartbeat" }]);
  });
});

describe("heartbeat skip check 5 and wake reasons", () => {
  const allOff = { showOk: false, showAlerts: false, useIndicator: false };

  it("skips alerts-disabled without a model call when showOk, showAlerts and useIndicator are all false", async () => {
    const { model, heartbeat, heartbeatEvents } = setup({ channels: { scenario: { heartbeat: allOff } } });
    const outcome = await heartbeat(ALERT);
    expect(model.requests).toHaveLength(0);
    expect(outcome.delivered).toBeNull();
    expect(heartbeatEvents()).toEqual([{ type: "heartbeat", status: "skipped", reason: "alerts-disabled" }]);
  });

  it("runs when any one of the three is true", async () => {
    const { model, heartbeat } = setup({ channels: { scenario: { heartbeat: { ...allOff, useIndicator: true } } } });
    await heartbeat("HEARTBEAT_OK");
    expect(model.requests).toHaveLength(1);
  });

  it("checks disabled, quiet-hours and empty-heartbeat-file before alerts-disabled", async () => {
    const channels = { defaults: { heartbeat: allOff } };
    const cases: [Record<string, unknown>, string][] = [
      [{ every: 0 }, "disabled"],
      [{ activeHours: { start: "10:00", end: "10:00" } }, "quiet-hours"],
      [{}, "empty-heartbeat-file"],
    ];
    for (const [heartbeatKeys, reason] of cases) {
      const { heartbeatEvents, heartbeat } = setup(
        { ...heartbeatConfig(heartbeatKeys), channels },
        { "HEARTBEAT.md": "# Checks\n" },
      );
      await heartbeat(ALERT);
      expect(heartbeatEvents()).toEqual([{ type: "heartbeat", status: "skipped", reason }]);
    }
  });

  it("manual, exec-event and cron wakes bypass the empty HEARTBEAT.md check; interval and wake do not", async () => {
    const files = { "HEARTBEAT.md": "# Checks\n- [ ]\n" };
    for (const reason of ["manual", "exec-event", "cron:daily-stock"] as const) {
      const { model, heartbeat, heartbeatEvents } = setup({}, files);
      await heartbeat("HEARTBEAT_OK", reason);
      expect(model.requests).toHaveLength(1);
      expect(heartbeatEvents()).toEqual([
        { type: "heartbeat", status: "ok-token", preview: "HEARTBEAT_OK", wakeReason: reason },
      ]);
    }
    for (const reason of ["interval", "wake"] as const) {
      const { model, heartbeat, heartbeatEvents } = setup({}, files);
      await heartbeat("HEARTBEAT_OK", reason);
      expect(model.requests).toHaveLength(0);
      expect(heartbeatEvents()).toEqual([
        { type: "heartbeat", status: "skipped", reason: "empty-heartbeat-file", wakeReason: reason },
      ]);
    }
  });

  it("a bypassing wake still honours alerts-disabled", async () => {
    const { model, heartbeat, heartbeatEvents } = setup(
      { channels: { scenario: { heartbeat: allOff } } },
      { "HEARTBEAT.md": "# Checks\n" },
    );
    await heartbeat(ALERT, "exec-event");
    expect(model.requests).toHaveLength(0);
    expect(heartbeatEvents()[0]).toMatchObject({ reason: "alerts-disabled", wakeReason: "exec-event" });
  });
});
