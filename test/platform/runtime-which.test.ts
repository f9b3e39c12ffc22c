import { describe, expect, it } from "vitest";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";

describe("runtime.which", () => {
  it("finds no executable for a name with a NUL byte or one too long for the file system, without throwing", async () => {
    const runtime = createTestRuntime({ env: { PATH: "/usr/bin:/bin" } });
    expect(await runtime.which("s\u0000h")).toBeUndefined();
    expect(await runtime.which("x".repeat(5_000))).toBeUndefined();
    expect(await runtime.which("sh")).toMatch(/\/sh$/);
  });
});
