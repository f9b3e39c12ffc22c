import { describe, expect, it } from "vitest";
import { parseSimulatedModelId } from "../../src/models/parse-simulated-model-id.js";

describe("parseSimulatedModelId", () => {
  it("defaults every probability to 1 and the seed to 0", () => {
    expect(parseSimulatedModelId("perfect")).toEqual({
      ok: true,
      value: { name: "perfect", rates: { quiet: 1, alert: 1, "silent-expected": 1, "reply-expected": 1 }, seed: 0 },
    });
  });

  it("reads each category's probability and the seed", () => {
    expect(parseSimulatedModelId("mixed?ack=0.7&silent=0.5&alert=0&reply=0.25&seed=42")).toEqual({
      ok: true,
      value: {
        name: "mixed",
        rates: { quiet: 0.7, alert: 0, "silent-expected": 0.5, "reply-expected": 0.25 },
        seed: 42,
      },
    });
  });

  it.each([
    ["", "expected simulated:<name>?ack=<p>&silent=<p>&alert=<p>&reply=<p>&seed=<n>"],
    ["?ack=1", "expected simulated:<name>?ack=<p>&silent=<p>&alert=<p>&reply=<p>&seed=<n>"],
    ["x?acks=1", 'unknown parameter "acks": expected one of ack, alert, silent, reply, seed'],
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
