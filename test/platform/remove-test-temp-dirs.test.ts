import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestRuntime, testProcessTag } from "../../src/platform/create-test-runtime.js";
import { isOwnTestTempDir, removeTestTempDirs } from "../support/remove-test-temp-dirs.js";
import { makeTempDir } from "../support/run-cli.js";

describe("test temp folder cleanup", () => {
  it("recognises only folders named with this process's tag", () => {
    const tag = "4242-0";
    expect(isOwnTestTempDir("claw-eval-test-4242-0-AbC12z", tag)).toBe(true);
    expect(isOwnTestTempDir("claw-eval-e2e-memory-eval-4242-0-AbC12z", tag)).toBe(true);
    expect(isOwnTestTempDir("claw-eval-test-4242-1-AbC12z", tag)).toBe(false);
    expect(isOwnTestTempDir("claw-eval-test-14242-0-AbC12z", tag)).toBe(false);
    expect(isOwnTestTempDir("claw-eval-test-AbC12z", tag)).toBe(false);
    expect(isOwnTestTempDir("claw-eval-unit-4242-0-AbC12z.home", tag)).toBe(false);
    expect(isOwnTestTempDir("other-4242-0-AbC12z", tag)).toBe(false);
  });

  it("removes the roots and folders this process made and keeps another process's", () => {
    const root = createTestRuntime({ files: { "notes.md": "x" } }).root;
    const e2e = makeTempDir();
    const named = makeTempDir("claw-eval-e2e-memory-");
    // Tag 0-0 belongs to no test worker: pid 0 is never a user process.
    const foreign = mkdtempSync(join(tmpdir(), "claw-eval-test-0-0-"));
    try {
      for (const dir of [root, e2e, named]) expect(isOwnTestTempDir(basename(dir), testProcessTag())).toBe(true);
      const removed = removeTestTempDirs();
      expect(removed).toEqual(expect.arrayContaining([root, e2e, named].map((dir) => basename(dir))));
      expect([root, e2e, named].filter((dir) => existsSync(dir))).toEqual([]);
      expect(existsSync(foreign)).toBe(true);
      expect(removed).not.toContain(basename(foreign));
    } finally {
      rmSync(foreign, { recursive: true, force: true });
    }
  });
});
