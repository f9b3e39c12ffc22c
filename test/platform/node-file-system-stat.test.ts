// Guards the real file system's stat, lstat and temp folders against: a missing path or a path
// under a file throwing instead of reading as missing, links followed by lstat, and a temp folder
// made outside the parent it was given.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createNodeFileSystem } from "../../src/platform/node-file-system.js";
import { makeTempDir } from "../support/run-cli.js";

describe("node file system stat", () => {
  it("reads a missing path, or one under a file, as missing, and tells links from what they point at", async () => {
    const root = makeTempDir();
    writeFileSync(join(root, "file.md"), "x");
    mkdirSync(join(root, "folder"));
    symlinkSync(join(root, "file.md"), join(root, "link"));
    const fs = createNodeFileSystem();
    expect(await fs.stat(join(root, "missing.md"))).toBeUndefined();
    expect(await fs.lstat(join(root, "missing", "deeper.md"))).toBeUndefined();
    expect(await fs.stat(join(root, "file.md", "child"))).toBeUndefined();
    expect(await fs.stat(join(root, "file.md"))).toMatchObject({ kind: "file", size: 1 });
    expect(await fs.stat(join(root, "folder"))).toMatchObject({ kind: "directory" });
    expect(await fs.stat(join(root, "link"))).toMatchObject({ kind: "file" });
    expect(await fs.lstat(join(root, "link"))).toMatchObject({ kind: "symlink" });
  });

  it("makes a temp folder in the given parent, and in the system temp folder without one", async () => {
    const parent = makeTempDir();
    const fs = createNodeFileSystem();
    const inside = await fs.makeTempDirectory("claw-eval-test-x-", parent);
    expect(dirname(inside)).toBe(parent);
    expect(await fs.stat(inside)).toMatchObject({ kind: "directory" });
    const alone = await fs.makeTempDirectory("claw-eval-test-y-");
    expect(alone).not.toContain(parent);
    await fs.remove(alone);
    expect(await fs.stat(alone)).toBeUndefined();
  });
});
