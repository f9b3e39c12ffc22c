import { describe, expect, it } from "vitest";
import { decideColor } from "../../src/reporters/decide-color.js";

describe("decideColor", () => {
  const cases: [env: Record<string, string>, isTerminal: boolean, color: boolean][] = [
    [{}, true, true],
    [{}, false, false],
    [{ NO_COLOR: "1" }, true, false],
    [{ NO_COLOR: "0" }, true, false],
    [{ NO_COLOR: "" }, true, true],
    [{ FORCE_COLOR: "1" }, false, true],
    [{ FORCE_COLOR: "true" }, false, true],
    [{ FORCE_COLOR: "3" }, false, true],
    [{ FORCE_COLOR: "0" }, true, false],
    [{ FORCE_COLOR: "false" }, true, false],
    [{ FORCE_COLOR: "FALSE" }, true, false],
    [{ FORCE_COLOR: "" }, false, false],
    [{ FORCE_COLOR: "" }, true, true],
    [{ FORCE_COLOR: "1", NO_COLOR: "1" }, false, true],
    [{ FORCE_COLOR: "0", NO_COLOR: "" }, true, false],
    [{ TERM: "dumb" }, true, false],
    [{ TERM: "dumb", FORCE_COLOR: "1" }, false, true],
    [{ TERM: "xterm-256color" }, false, false],
  ];
  it.each(cases)("env %j on a terminal: %s gives colour %s", (env, isTerminal, color) => {
    expect(decideColor({ env, isTerminal })).toBe(color);
  });
});
