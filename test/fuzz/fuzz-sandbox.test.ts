import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SYSTEM_TMP } from "./fuzz-layout.js";
import { FuzzSandbox } from "./fuzz-sandbox.js";

describe("FuzzSandbox", () => {
  let sandbox: FuzzSandbox | undefined;
  afterEach(() => sandbox?.dispose());

  it("writes an input's files in its own folder, with HOME and TMPDIR inside it", () => {
    sandbox = new FuzzSandbox();
    const input = sandbox.prepare(7, [{ path: "suite/s.yaml", content: "name: x\n" }]);
    expect(readFileSync(join(input.dir, "suite/s.yaml"), "utf8")).toBe("name: x\n");
    expect(input.env.HOME).toBe(join(input.dir, "home"));
    expect(input.env.TMPDIR).toBe(join(input.dir, "tmp"));
    expect(input.env.CI).toBe("true");
    writeFileSync(join(input.dir, "home/written.txt"), "fine\n");
    expect(sandbox.findEscapes(input)).toEqual([]);
  });

  it("reports a changed, created or removed canary entry once, then restores the canary", () => {
    sandbox = new FuzzSandbox();
    const canary = join(sandbox.root, "canary");
    writeFileSync(join(canary, "notes.md"), "changed\n");
    writeFileSync(join(canary, "pwned"), "x\n");
    expect(sandbox.findEscapes(undefined)).toEqual([join(canary, "notes.md"), join(canary, "pwned")]);
    expect(readFileSync(join(canary, "notes.md"), "utf8")).toBe("canary notes\n");
    expect(existsSync(join(canary, "pwned"))).toBe(false);
    expect(sandbox.findEscapes(undefined)).toEqual([]);
  });

  it("reports entries beside the inputs and escape targets in the system temp folder, and removes them", () => {
    // A prefix of its own, so a fuzz campaign running at the same time does not see this target.
    const escapePrefix = `claw-eval-fuzz-sandbox-test-${process.pid}`;
    sandbox = new FuzzSandbox({ escapePrefix });
    const input = sandbox.prepare(1, []);
    const other = sandbox.prepare(2, []);
    const target = join(SYSTEM_TMP, `${escapePrefix}-pwned`);
    mkdirSync(target);
    writeFileSync(join(sandbox.root, "stray"), "x\n");
    expect(sandbox.findEscapes(input)).toEqual([other.dir, join(sandbox.root, "stray"), target].sort());
    expect(existsSync(target)).toBe(false);
    expect(existsSync(other.dir)).toBe(false);
  });

  it("finds any entry with the escape prefix in a whole-folder scan", () => {
    const escapePrefix = `claw-eval-fuzz-sandbox-test-${process.pid}`;
    sandbox = new FuzzSandbox({ escapePrefix });
    const odd = join(SYSTEM_TMP, `${escapePrefix}-unexpected-name`);
    writeFileSync(odd, "x\n");
    expect(sandbox.findEscapes(undefined)).toEqual([]);
    expect(sandbox.findStrayEscapes()).toEqual([odd]);
    expect(existsSync(odd)).toBe(false);
  });
});
