import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { removeGoldenFiles } from "../../src/golden/index.js";
import { createNodeFileSystem } from "../../src/platform/node-file-system.js";
import { makeTempDir } from "../support/run-cli.js";

describe("removeGoldenFiles", () => {
  it("removes .md files inside the root and keeps everything else in place", async () => {
    const root = makeTempDir("claw-eval-golden-");
    const outside = makeTempDir("claw-eval-golden-outside-");
    mkdirSync(join(root, "golden"));
    const obsolete = join(root, "golden", "old.md");
    const notes = join(root, "golden", "notes.txt");
    const foreign = join(outside, "foreign.md");
    const link = join(root, "golden", "link.md");
    writeFileSync(obsolete, "old\n");
    writeFileSync(notes, "keep\n");
    writeFileSync(foreign, "keep\n");
    symlinkSync(foreign, link);
    symlinkSync(outside, join(root, "linked"));
    const throughLink = join(root, "linked", "foreign.md");
    const missing = join(root, "golden", "gone.md");

    const result = await removeGoldenFiles({
      fs: createNodeFileSystem(),
      root,
      files: [obsolete, notes, foreign, link, throughLink, missing],
    });

    expect(result).toEqual({ removed: [obsolete], kept: [notes, foreign, link, throughLink, missing] });
    expect(existsSync(obsolete)).toBe(false);
    for (const path of [notes, foreign, link]) expect(existsSync(path)).toBe(true);
  });
});
