// Also: a removal that fails must reject with its code, not hang or crash the worker.
// Guards the real file system's remove against: following a link out of the tree (deleting what
// it points at), failing on a missing path, leaving nested folders or hidden files behind, and
// stack overflow on a deep tree.
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createNodeFileSystem } from "../../src/platform/node-file-system.js";
import { makeTempDir } from "../support/run-cli.js";

describe("node file system remove", () => {
  it("removes a whole tree, hidden files and empty folders included", async () => {
    const root = makeTempDir();
    const tree = join(root, "unit");
    mkdirSync(join(tree, ".home/.openclaw/agents/main/sessions"), { recursive: true });
    mkdirSync(join(tree, "empty"));
    writeFileSync(join(tree, ".home/.openclaw/agents/main/sessions/s.jsonl"), "{}\n");
    writeFileSync(join(tree, "note.md"), "x\n");
    await createNodeFileSystem().remove(tree);
    expect(existsSync(tree)).toBe(false);
    expect(readdirSync(root)).toEqual([]);
  });

  it("removes links without following them, whether the link is inside the tree or is the path itself", async () => {
    const root = makeTempDir();
    const outside = join(root, "outside");
    mkdirSync(outside);
    writeFileSync(join(outside, "keep.md"), "keep\n");
    const tree = join(root, "tree");
    mkdirSync(tree);
    symlinkSync(outside, join(tree, "to-outside"));
    symlinkSync(join(outside, "keep.md"), join(tree, "to-file"));
    const fs = createNodeFileSystem();
    await fs.remove(tree);
    expect(existsSync(tree)).toBe(false);
    symlinkSync(outside, join(root, "link"));
    await fs.remove(join(root, "link"));
    expect(existsSync(join(root, "link"))).toBe(false);
    expect(readdirSync(outside)).toEqual(["keep.md"]);
  });

  it("accepts a missing path and removes a plain file", async () => {
    const root = makeTempDir();
    const fs = createNodeFileSystem();
    await fs.remove(join(root, "missing"));
    writeFileSync(join(root, "file.txt"), "x");
    await fs.remove(join(root, "file.txt"));
    expect(readdirSync(root)).toEqual([]);
  });

  it("removes a tree 300 folders deep", async () => {
    const root = makeTempDir();
    let deepest = join(root, "deep");
    for (let level = 0; level < 300; level += 1) deepest = join(deepest, "d");
    mkdirSync(deepest, { recursive: true });
    writeFileSync(join(deepest, "bottom.txt"), "x");
    await createNodeFileSystem().remove(join(root, "deep"));
    expect(readdirSync(root)).toEqual([]);
  });

  it("rejects with the error's code when an entry cannot be removed, and keeps working after it", async () => {
    const fs = createNodeFileSystem();
    // Files under /proc cannot be unlinked, even by root.
    await expect(fs.remove("/proc/self/fdinfo")).rejects.toMatchObject({
      code: expect.stringMatching(/^E(PERM|ACCES)$/),
    });
    const root = makeTempDir();
    writeFileSync(join(root, "after.txt"), "x");
    await fs.remove(join(root, "after.txt"));
    expect(readdirSync(root)).toEqual([]);
  });

  it("removes several trees requested at once", async () => {
    const root = makeTempDir();
    const trees = ["a", "b", "c", "d"].map((name) => join(root, name));
    for (const tree of trees) mkdirSync(join(tree, "x/y"), { recursive: true });
    const fs = createNodeFileSystem();
    await Promise.all(trees.map((tree) => fs.remove(tree)));
    expect(readdirSync(root)).toEqual([]);
  });
});
