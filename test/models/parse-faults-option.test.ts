import { describe, expect, it } from "vitest";
import { FAULT_KINDS, parseFaultsOption } from "../../src/models/parse-faults-option.js";

describe("parseFaultsOption", () => {
  it("parses rate, kinds and seed", () => {
    expect(parseFaultsOption("rate=0.2,kinds=429|5xx|timeout|malformed|empty,seed=7")).toEqual({
      ok: true,
      spec: { rate: 0.2, kinds: ["429", "5xx", "timeout", "malformed", "empty"], seed: 7 },
    });
  });

  it("defaults kinds to every provider failure but the overflow and leaves seed out when not given", () => {
    expect(parseFaultsOption("rate=1")).toEqual({
      ok: true,
      spec: { rate: 1, kinds: ["429", "5xx", "timeout", "malformed", "empty"] },
    });
    expect(FAULT_KINDS).toEqual(["429", "5xx", "timeout", "malformed", "empty", "overflow"]);
  });

  it("accepts any key order, spaces and repeated kinds", () => {
    expect(parseFaultsOption(" seed=0 , kinds=timeout|timeout|empty , rate=0")).toEqual({
      ok: true,
      spec: { rate: 0, kinds: ["timeout", "empty"], seed: 0 },
    });
  });

  it.each([
    ["", 'expected rate=, kinds= or seed=, found ""'],
    ["kinds=429", 'rate: required, found "kinds=429"'],
    ["rate=1.5", 'rate: expected a number from 0 to 1, found "1.5"'],
    ["rate=-0.1", 'rate: expected a number from 0 to 1, found "-0.1"'],
    ["rate=", 'rate: expected a number from 0 to 1, found ""'],
    ["rate=lots", 'rate: expected a number from 0 to 1, found "lots"'],
    ["rate", 'rate: expected rate=<value>, found "rate"'],
    ["rate=0.1,kinds=429|503", 'kinds: expected 429|5xx|timeout|malformed|empty|overflow, found "503"'],
    ["rate=0.1,kinds=", 'kinds: expected 429|5xx|timeout|malformed|empty|overflow, found ""'],
    ["rate=0.1,seed=1.5", 'seed: expected a non-negative integer, found "1.5"'],
    ["rate=0.1,seed=-3", 'seed: expected a non-negative integer, found "-3"'],
    ["rate=0.1,rate=0.2", "rate: given more than once"],
    ["rate=0.1,probability=2", 'expected rate=, kinds= or seed=, found "probability=2"'],
  ])("rejects %j with a readable message", (text, error) => {
    expect(parseFaultsOption(text)).toEqual({ ok: false, error });
  });
});
