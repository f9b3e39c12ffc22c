import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createGoldenChecker } from "../../src/golden/create-golden-checker.js";
import { createNodeFileSystem } from "../../src/platform/node-file-system.js";
import { makeTempDir } from "../support/run-cli.js";

function setUp(mode: "check" | "update", ci = false) {
  const cwd = makeTempDir();
  const checker = createGoldenChecker({ fs: createNodeFileSystem(), cwd, policy: { mode, ci } });
  return { cwd, checker, file: join(cwd, "golden", "a.md") };
}

describe("createGoldenChecker", () => {
  it("update writes a missing file, then matches it; results name the file relative to cwd", async () => {
    const { checker, file } = setUp("update");
    const first = await checker.check({ file, prompt: "## Tooling\nx" });
    expect(first).toEqual({
      file: "golden/a.md",
      expected: "golden/a.md",
      status: "written",
      pass: true,
      message: "golden/a.md written",
    });
    expect(readFileSync(file, "utf8")).toBe("## Tooling\nx\n");
    expect((await checker.check({ file, prompt: "## Tooling\nx" })).status).toBe("match");
  });

  it("fails a unit whose prompt differs from what another unit of the run wrote to the same file", async () => {
    const { checker, file } = setUp("update");
    const [a, b] = await Promise.all([
      checker.check({ file, prompt: "## Tooling\nx" }),
      checker.check({ file, prompt: "## Tooling\ny" }),
    ]);
    expect(a?.status).toBe("written");
    expect(b).toMatchObject({ status: "mismatch", pass: false });
    expect(b?.message).toContain("as written earlier in this run by another unit");
    expect(readFileSync(file, "utf8")).toBe("## Tooling\nx\n");
  });

  it("check and CI never write", async () => {
    for (const [mode, ci] of [
      ["check", false],
      ["update", true],
    ] as const) {
      const { cwd, checker, file } = setUp(mode, ci);
      mkdirSync(join(cwd, "golden"));
      writeFileSync(file, "old\n");
      expect((await checker.check({ file, prompt: "new" })).status).toBe("mismatch");
      expect(readFileSync(file, "utf8")).toBe("old\n");
      expect((await checker.check({ file: join(cwd, "golden", "b.md"), prompt: "new" })).status).toBe("missing");
    }
  });

  it("turns an unreadable golden path into a failed result", async () => {
    const { cwd, checker } = setUp("check");
    mkdirSync(join(cwd, "golden", "dir.md"), { recursive: true });
    const result = await checker.check({ file: join(cwd, "golden", "dir.md"), prompt: "x" });
    expect(result).toMatchObject({ status: "missing", pass: false });
    expect(result.message).toMatch(/^cannot read golden\/dir\.md: golden path .* is a directory, not a file$/);
  });
});
