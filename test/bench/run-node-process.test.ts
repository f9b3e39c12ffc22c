import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildSkillsTree } from "../../bench/build-skills-tree.js";
import { readSkillsBare } from "../../bench/read-skills-bare.js";
import { runNodeProcess } from "../../bench/run-node-process.js";
import { makeTempDir } from "../support/run-cli.js";

const root = makeTempDir("claw-eval-test-bench-");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("runNodeProcess", () => {
  it("gives the exit code, the output and the peak RSS of the child, without the probe's line", async () => {
    const script =
      "const keep = Buffer.alloc(64 * 1024 * 1024, 1); process.stdout.write('out'); process.stderr.write('err'); process.exitCode = keep[0] + 2;";
    const run = await runNodeProcess({ args: ["-e", script], cwd: root });
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
      code: 3,
      stdout: "out",
      stderr: "err",
    });
    expect(run.peakMb).toBeGreaterThan(64);
    expect(run.wallMs).toBeGreaterThan(0);
    expect(run.cpuMs).toBeGreaterThan(0);
  });
});

describe("readSkillsBare", () => {
  it("reads every SKILL.md of the tree, as many characters as the files hold", async () => {
    const corpus = [
      { dirName: "alpha", text: "---\nname: alpha\ndescription: A.\n---\nBody\n" },
      { dirName: "beta", text: "---\nname: beta\ndescription: B, with ünïcode.\n---\n" },
    ];
    const tree = buildSkillsTree({ dir: join(root, "tree"), corpus, count: 5 });
    const expected = tree.skillDirs.reduce((sum, dir) => sum + readFileSync(join(dir, "SKILL.md"), "utf8").length, 0);
    expect(await readSkillsBare(tree.skillsRoot)).toBe(expected);
  });
});
