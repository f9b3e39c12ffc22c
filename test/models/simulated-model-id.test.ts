import { describe, expect, it } from "vitest";
import { parseSimulatedModelId } from "../../src/models/parse-simulated-model-id.js";

const USAGE = "simulated:<name>?ack=<p>&silent=<p>&alert=<p>&reply=<p>&keepIds=<p>&failSummary=<p>&seed=<n>";

describe("parseSimulatedModelId", () => {
  it("defaults every probability to 1 except failSummary (0), and the seed to 0", () => {
    expect(parseSimulatedModelId("perfect")).toEqual({
      ok: true,
      value: {
        name: "perfect",
        rates: { quiet: 1, alert: 1, "silent-expected": 1, "reply-expected": 1 },
        seed: 0,
        keepIds: 1,
        failSummary: 0,
      },
    });
  });

  it("reads each category's probability and the seed", () => {
    expect(parseSimulatedModelId("mixed?ack=0.7&silent=0.5&alert=0&reply=0.25&seed=42")).toEqual({
      ok: true,
      value: {
        name: "mixed",
        rates: { quiet: 0.7, alert: 0, "silent-expected": 0.5, "reply-expected": 0.25 },
        seed: 42,
        keepIds: 1,
        failSummary: 0,
      },
    });
  });

  it("reads the summariser's keepIds and failSummary, e.g. sum?keepIds=0.8&seed=3", () => {
    expect(parseSimulatedModelId("sum?keepIds=0.8&seed=3")).toEqual({
      ok: true,
      value: {
        name: "sum",
        rates: { quiet: 1, alert: 1, "silent-expected": 1, "reply-expected": 1 },
        seed: 3,
        keepIds: 0.8,
        failSummary: 0,
      },
    });
    expect(parseSimulatedModelId("sum?failSummary=0.25&keepIds=0")).toMatchObject({
      ok: true,
      value: { keepIds: 0, failSummary: 0.25 },
    });
  });

  it.each([
    ["", `expected ${USAGE}`],
    ["?ack=1", `expected ${USAGE}`],
    ["x?acks=1", 'unknown parameter "acks": expected one of ack, alert, silent, reply, seed, keepIds, failSummary'],
    ["x?keepIds=2", 'keepIds: expected a probability from 0 to 1, found "2"'],
    ["x?failSummary=-1", 'failSummary: expected a probability from 0 to 1, found "-1"'],
    ["x?keepIds=1&keepIds=1", 'parameter "keepIds" is given twice'],
    ["x?ack=1.5", 'ack: expected a probability from 0 to 1, found "1.5"'],
    ["x?reply=-0.1", 'reply: expected a probability from 0 to 1, found "-0.1"'],
    ["x?silent=", 'silent: expected a probability from 0 to 1, found ""'],
    ["x?alert=abc", 'alert: expected a probability from 0 to 1, found "abc"'],
    ["x?seed=1.5", 'seed: expected an integer, found "1.5"'],
    ["x?ack=1&ack=0", 'parameter "ack" is given twice'],
  ])("rejects %j", (text, error) => {
    expect(parseSimulatedModelId(text)).toEqual({ ok: false, error });
  });
});
