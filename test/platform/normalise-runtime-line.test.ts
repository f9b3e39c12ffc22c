import { describe, expect, it } from "vitest";
import { normaliseRuntimeLine } from "../../src/platform/normalise-runtime-line.js";

describe("normaliseRuntimeLine", () => {
  it("replaces the machine-specific fields and model, keeping the others in order", () => {
    expect(
      normaliseRuntimeLine(
        "Runtime: agent=main | host=build-7 | os=Linux 6.8.0 (x64) | arch=x64 | node=v20.19.0 | model=a/b | shell=zsh | default_model=a/b | thinking=off",
      ),
    ).toBe(
      "Runtime: agent=main | host=<host> | os=<os> | arch=<arch> | node=<node> | model=<model> | shell=<shell> | default_model=a/b | thinking=off",
    );
  });

  it("leaves any other line alone, even one naming the same fields", () => {
    expect(normaliseRuntimeLine("host=keep | os=keep")).toBe("host=keep | os=keep");
    expect(normaliseRuntimeLine(" Runtime: host=x")).toBe(" Runtime: host=x");
  });
});
