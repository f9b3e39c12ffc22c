import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addExecAllowlistEntries, readExecApprovalsStore } from "../../src/tools/exec-approvals-store.js";
import { parseExecApprovals } from "../../src/tools/parse-exec-approvals.js";
import { createWorkspace, removeTestRoots } from "./tool-test-helpers.js";

afterEach(removeTestRoots);

describe("parseExecApprovals", () => {
  it("reads the §8.1 shape, keeping only known fields in the typed value", () => {
    const parsed = parseExecApprovals(
      JSON.stringify({
        version: 1,
        defaults: { security: "allowlist", ask: "always", askFallback: "deny", autoAllowSkills: false },
        agents: {
          main: {
            ask: "off",
            allowlist: [{ id: "a1", pattern: " /usr/bin/ls ", argPattern: "^-la$", lastUsedAt: 5, extra: true }],
          },
          "*": {},
        },
        note: "kept in raw",
      }),
    );
    expect(parsed.ok && parsed.approvals).toEqual({
      version: 1,
      defaults: { security: "allowlist", ask: "always", askFallback: "deny", autoAllowSkills: false },
      agents: {
        main: { ask: "off", allowlist: [{ id: "a1", pattern: "/usr/bin/ls", argPattern: "^-la$", lastUsedAt: 5 }] },
        "*": { allowlist: [] },
      },
    });
    expect(parsed.ok && parsed.raw.note).toBe("kept in raw");
  });

  it.each([
    ["{", /^not valid JSON/],
    ["[]", /^the top level must be a JSON object$/],
    ['{"version": 2}', /^version must be 1, found 2$/],
    ['{"defaults": {"security": "everything"}}', /^defaults.security must be one of deny, allowlist, full/],
    ['{"agents": {"main": {"ask": "sometimes"}}}', /^agents.main.ask must be one of off, on-miss, always/],
    ['{"agents": []}', /^agents must be an object/],
    ['{"agents": {"main": {"allowlist": {}}}}', /^agents.main.allowlist must be a list$/],
    ['{"agents": {"main": {"allowlist": [{"pattern": ""}]}}}', /^agents.main.allowlist\[0\].pattern must be/],
    ['{"agents": {"main": {"allowlist": [{"pattern": "ls", "argPattern": "("}]}}}', /argPattern is not a valid/],
    [
      '{"agents": {"main": {"allowlist": [{"pattern": "ls", "argPattern": "(a)\\\\1"}]}}}',
      /^agents.main.allowlist\[0\].argPattern is not a valid regular expression \(backreference \\1 /,
    ],
    [
      `{"agents": {"main": {"allowlist": [{"pattern": "${"x".repeat(1001)}"}]}}}`,
      /^agents.main.allowlist\[0\].pattern is not a usable glob \(the glob is 1001 characters long/,
    ],
    ['{"defaults": {"autoAllowSkills": "yes"}}', /^defaults.autoAllowSkills must be true or false$/],
  ])("rejects %j", (text, problem) => {
    const parsed = parseExecApprovals(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.problem).toMatch(problem);
  });
});

describe("the approvals store file", () => {
  it("reads a missing file as an empty store", async () => {
    const runtime = createWorkspace();
    const read = await readExecApprovalsStore(runtime);
    expect(read).toEqual({
      ok: true,
      file: {
        path: join(runtime.stateDir, "exec-approvals.json"),
        approvals: { version: 1, defaults: {}, agents: {} },
        raw: undefined,
      },
    });
  });

  it("reports a malformed file by path with the fix, never as an empty store", async () => {
    const runtime = createWorkspace();
    mkdirSync(runtime.stateDir, { recursive: true });
    const path = join(runtime.stateDir, "exec-approvals.json");
    writeFileSync(path, "{ version: 1, }");
    const read = await readExecApprovalsStore(runtime);
    expect(read.ok).toBe(false);
    const error = read.ok ? "" : read.error;
    expect(error).toContain(`exec approvals store ${path} is invalid: not valid JSON`);
    expect(error).toContain("Fix it");
    expect(error).toContain("or delete it");
  });

  it("adds allowlist entries to the agent's scope, skips known patterns and keeps other keys", async () => {
    const runtime = createWorkspace();
    mkdirSync(runtime.stateDir, { recursive: true });
    const path = join(runtime.stateDir, "exec-approvals.json");
    writeFileSync(
      path,
      JSON.stringify({ note: "keep", agents: { main: { ask: "always", allowlist: [{ pattern: "/usr/bin/ls" }] } } }),
    );
    const read = await readExecApprovalsStore(runtime);
    if (!read.ok) throw new Error(read.error);
    await addExecAllowlistEntries({
      runtime,
      file: read.file,
      agentId: "main",
      paths: ["/usr/bin/ls", "/usr/bin/git", "/usr/bin/git"],
    });
    const written = JSON.parse(readFileSync(path, "utf8"));
    expect(written).toEqual({
      note: "keep",
      version: 1,
      agents: {
        main: {
          ask: "always",
          allowlist: [
            { pattern: "/usr/bin/ls" },
            {
              id: expect.any(String),
              pattern: "/usr/bin/git",
              lastUsedAt: runtime.now(),
              lastResolvedPath: "/usr/bin/git",
            },
          ],
        },
      },
    });
    const again = await readExecApprovalsStore(runtime);
    expect(again.ok && again.file.approvals.agents.main?.allowlist.map((entry) => entry.pattern)).toEqual([
      "/usr/bin/ls",
      "/usr/bin/git",
    ]);
  });

  it("creates the state dir and file when the store did not exist", async () => {
    const runtime = createWorkspace();
    const read = await readExecApprovalsStore(runtime);
    if (!read.ok) throw new Error(read.error);
    await addExecAllowlistEntries({ runtime, file: read.file, agentId: "ops", paths: ["/bin/cat"] });
    const written = JSON.parse(readFileSync(join(runtime.stateDir, "exec-approvals.json"), "utf8"));
    expect(written.agents.ops.allowlist.map((entry: { pattern: string }) => entry.pattern)).toEqual(["/bin/cat"]);
  });
});
