import { describe, expect, it } from "vitest";
import type { ScriptStep, UserMessage } from "../../src/domain/index.js";
import { createTestSession } from "../support/create-test-session.js";
import { scriptedTurn } from "../support/scenario-turn.js";

const DAY_MS = 86_400_000;

interface SetupOptions {
  files?: Record<string, string>;
  config?: Record<string, unknown>;
  /** Start of the clock, ms since the epoch (default 2026-03-11T09:00:00Z). */
  now?: number;
}

function setup(options: SetupOptions = {}) {
  const clock = { now: options.now ?? Date.parse("2026-03-11T09:00:00Z") };
  const { session, model, events } = createTestSession({
    files: options.files ?? {},
    now: () => clock.now,
    tools: [],
    config: options.config ?? {},
    scenarioId: "heartbeat",
    unitId: "heartbeat@scripted~1",
    maxSteps: 4,
  });
  let index = 0;
  const heartbeat = (text: string) =>
    session.runTurn({ turn: scriptedTurn([{ kind: "text", text }], { index: index++, kind: "heartbeat", text: "" }) });
  const user = (text: string, reply: string) => {
    const script: ScriptStep[] = [{ kind: "text", text: reply }];
    return session.runTurn({ turn: scriptedTurn(script, { index: index++, text }) });
  };
  const heartbeatEvents = () =>
    events
      .filter((event) => event.type === "heartbeat")
      .map(({ runId: _runId, sessionKey: _key, durationMs: _ms, ...rest }) => rest);
  return { session, model, events, clock, heartbeat, user, heartbeatEvents };
}

describe("heartbeat skip checks", () => {
  it("skips an effectively empty HEARTBEAT.md without calling the model", async () => {
    const { model, events, heartbeat, heartbeatEvents } = setup({ files: { "HEARTBEAT.md": "# Checks\n- [ ] \n" } });
    const outcome = await heartbeat("HEARTBEAT_OK");
    expect(model.requests).toHaveLength(0);
    expect(outcome.delivered).toBeNull();
    expect(events.map((event) => event.type)).toEqual(["heartbeat"]);
    expect(heartbeatEvents()).toEqual([{ type: "heartbeat", status: "skipped", reason: "empty-heartbeat-file" }]);
  });

  it("calls the model when HEARTBEAT.md is missing", async () => {
    const { model, heartbeat } = setup();
    await heartbeat("HEARTBEAT_OK");
    expect(model.requests).toHaveLength(1);
  });

  it("skips when heartbeat.every is 0 or invalid", async () => {
    for (const every of [0, "0m", "soon"]) {
      const { model, heartbeatEvents, heartbeat } = setup({
        config: { agents: { defaults: { heartbeat: { every } } } },
      });
      await heartbeat("HEARTBEAT_OK");
      expect(model.requests).toHaveLength(0);
      expect(heartbeatEvents()).toEqual([{ type: "heartbeat", status: "skipped", reason: "disabled" }]);
    }
  });

  it("skips outside activeHours, read in the window's time zone", async () => {
    // 09:00 UTC is 17:00 in Asia/Shanghai.
    const activeHours = { start: "08:00", end: "12:00", timezone: "Asia/Shanghai" };
    const { model, heartbeatEvents, heartbeat } = setup({
      config: { agents: { defaults: { heartbeat: { activeHours } } } },
    });
    await heartbeat("HEARTBEAT_OK");
    expect(model.requests).toHaveLength(0);
    expect(heartbeatEvents()).toEqual([{ type: "heartbeat", status: "skipped", reason: "quiet-hours" }]);
  });

  it("runs inside activeHours (user time zone by default)", async () => {
    const config = {
      agents: {
        defaults: { userTimezone: "Asia/Shanghai", heartbeat: { activeHours: { start: "16:00", end: "18:00" } } },
      },
    };
    const { model, heartbeat } = setup({ config });
    await heartbeat("HEARTBEAT_OK");
    expect(model.requests).toHaveLength(1);
  });

  it("checks disabled before quiet hours", async () => {
    const heartbeatConfig = { every: 0, activeHours: { start: "00:00", end: "00:00" } };
    const { heartbeatEvents, heartbeat } = setup({ config: { agents: { defaults: { heartbeat: heartbeatConfig } } } });
    await heartbeat("HEARTBEAT_OK");
    expect(heartbeatEvents()).toEqual([{ type: "heartbeat", status: "skipped", reason: "disabled" }]);
  });
});

describe("heartbeat prompt", () => {
  it("sends the configured prompt plus the Current time line in the user's zone", async () => {
    const config = {
      agents: { defaults: { userTimezone: "Asia/Shanghai", heartbeat: { prompt: "  Check stock.  " } } },
    };
    const { model, heartbeat } = setup({ config, files: { "HEARTBEAT.md": "- Check stock of strawberries\n" } });
    await heartbeat("HEARTBEAT_OK");
    const sent = model.requests[0]?.messages.find((message): message is UserMessage => message.role === "user");
    expect(sent?.content).toBe("Check stock.\n\nCurrent time: Wednesday, 2026-03-11 17:00 (Asia/Shanghai)");
  });
});

describe("heartbeat outcomes", () => {
  it("HEARTBEAT_OK is ok-token: nothing delivered, history back to its pre-run size", async () => {
    const { session, events, user, heartbeat, heartbeatEvents } = setup({
      files: { "HEARTBEAT.md": "- Check stock of strawberries\n" },
    });
    await user("hi", "hello");
    const before = [...session.history];
    const outcome = await heartbeat("HEARTBEAT_OK");
    expect(outcome.delivered).toBeNull();
    expect(session.history).toEqual(before);
    expect(heartbeatEvents()).toEqual([{ type: "heartbeat", status: "ok-token", preview: "HEARTBEAT_OK" }]);
    expect(events.filter((event) => event.type === "delivery").at(-1)).toMatchObject({
      status: "skipped",
      reason: "heartbeat",
    });
  });

  it("NO_REPLY is ok-empty and keeps the transcript unchanged", async () => {
    const { session, heartbeat, heartbeatEvents } = setup();
    const outcome = await heartbeat("NO_REPLY");
    expect(outcome.delivered).toBeNull();
    expect(session.history).toEqual([]);
    expect(heartbeatEvents()).toEqual([{ type: "heartbeat", status: "ok-empty", preview: "NO_REPLY" }]);
  });

  it("an alert is sent, kept in the transcript, and suppressed as a duplicate within 24 h", async () => {
    const alert = "Strawberries: only 3 kg left, reorder today!";
    const { session, clock, heartbeat, heartbeatEvents } = setup();
    const first = await heartbeat(alert);
    expect(first.delivered).toBe(alert);
    const afterFirst = session.history.length;
    expect(afterFirst).toBe(2);
    clock.now += DAY_MS - 1;
    const second = await heartbeat(alert);
    expect(second.delivered).toBeNull();
    expect(session.history).toHaveLength(afterFirst);
    clock.now += 1;
    const third = await heartbeat(alert);
    expect(third.delivered).toBe(alert);
    expect(heartbeatEvents()).toEqual([
      { type: "heartbeat", status: "sent", preview: alert },
      { type: "heartbeat", status: "skipped", reason: "duplicate", preview: alert },
      { type: "heartbeat", status: "sent", preview: alert },
    ]);
  });

  it("a different alert is sent even within 24 h", async () => {
    const { heartbeat } = setup();
    await heartbeat("Alert A");
    expect((await heartbeat("Alert B")).delivered).toBe("Alert B");
  });

  it("caps the preview at 200 chars", async () => {
    const { heartbeat, heartbeatEvents } = setup();
    await heartbeat("A".repeat(400));
    expect(heartbeatEvents()[0]?.preview).toBe("A".repeat(200));
  });
});

describe("system-event turns", () => {
  const system = (text: string, reply: string, wakeReason?: "cron:plants") =>
    scriptedTurn([{ kind: "text", text: reply }], {
      index: 0,
      kind: "system",
      text,
      ...(wakeReason ? { wakeReason } : {}),
    });

  it("wake the session even with an effectively empty HEARTBEAT.md, and relay a cron reminder", async () => {
    const { session, model, heartbeatEvents } = setup({ files: { "HEARTBEAT.md": "# Checks\n" } });
    const outcome = await session.runTurn({
      turn: system("Water the plants", "Reminder: time to water the plants.", "cron:plants"),
    });
    expect(model.requests).toHaveLength(1);
    expect((model.requests[0]?.messages[0] as UserMessage | undefined)?.content).toContain(
      "A scheduled reminder has been triggered.",
    );
    expect(outcome.delivered).toBe("Reminder: time to water the plants.");
    expect(heartbeatEvents()).toEqual([
      { type: "heartbeat", status: "sent", preview: "Reminder: time to water the plants.", wakeReason: "cron:plants" },
    ]);
  });

  it("suppress an acknowledgement like a heartbeat and leave no trace in the transcript", async () => {
    const { session } = setup();
    const outcome = await session.runTurn({ turn: system("Nightly backup finished", "HEARTBEAT_OK") });
    expect(outcome.delivered).toBeNull();
    expect(session.history).toEqual([]);
  });
});

describe("per-agent heartbeat settings (spec/loop.md §5.1)", () => {
  it("lays the agent's heartbeat block over the defaults, key by key", async () => {
    const config = {
      agents: {
        defaults: { heartbeat: { prompt: "Default prompt.", ackMaxChars: 5 } },
        list: [{ id: "main", heartbeat: { prompt: "Check the shop stock." } }],
      },
    };
    const { model, heartbeat } = setup({ config });
    const outcome = await heartbeat("HEARTBEAT_OK all fine");
    expect((model.requests[0]?.messages[0] as UserMessage | undefined)?.content).toMatch(/^Check the shop stock\.\n\n/);
    // ackMaxChars 5 still comes from the defaults: "all fine" (8 chars) is delivered.
    expect(outcome.delivered).toBe("all fine");
  });

  it("runs heartbeats only for agents with a heartbeat block when any agent has one", async () => {
    const config = { agents: { list: [{ id: "main" }, { id: "shop", heartbeat: { every: "1h" } }] } };
    const { model, heartbeatEvents, heartbeat } = setup({ config });
    await heartbeat("HEARTBEAT_OK");
    expect(model.requests).toHaveLength(0);
    expect(heartbeatEvents()).toEqual([{ type: "heartbeat", status: "skipped", reason: "disabled" }]);
  });

  it("without heartbeat blocks, only the default agent runs heartbeats", async () => {
    const config = { agents: { list: [{ id: "ops", default: true }, { id: "main" }] } };
    const { model, heartbeatEvents, heartbeat } = setup({ config });
    await heartbeat("HEARTBEAT_OK");
    expect(model.requests).toHaveLength(0);
    expect(heartbeatEvents()).toEqual([{ type: "heartbeat", status: "skipped", reason: "disabled" }]);
  });
});
