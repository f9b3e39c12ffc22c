import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import { loadScenarios } from "../../src/scenarios/load-scenarios.js";
import { MAX_SESSION_BYTES } from "../../src/scenarios/load-session-diagnostics.js";

let root = "";

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "claw-eval-session-"));
  await mkdir(join(root, "sessions"));
  await writeFile(join(root, "sessions", "short.jsonl"), '{"type":"session"}\n');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function loadWithSession(session: string) {
  await writeFile(join(root, "s.yaml"), `name: resumed\nsession: ${session}\nturns: [{ user: hi }]\n`);
  const result = await loadScenarios({ paths: ["s.yaml"], cwd: root });
  return { scenarios: result.scenarios, messages: result.diagnostics.map(formatDiagnostic) };
}

const expected = "a JSONL session transcript file of at most 16 MiB, relative to the scenario file";

describe("session: loading", () => {
  it("accepts a regular file and keeps its absolute path", async () => {
    const result = await loadWithSession("sessions/short.jsonl");
    expect(result.messages).toEqual([]);
    expect(result.scenarios[0]?.session).toBe(join(root, "sessions", "short.jsonl"));
  });

  it("follows a symbolic link to a regular file", async () => {
    await symlink(join(root, "sessions", "short.jsonl"), join(root, "link.jsonl"));
    expect((await loadWithSession("link.jsonl")).messages).toEqual([]);
  });

  it("accepts a file of exactly 16 MiB", async () => {
    await writeFile(join(root, "edge.jsonl"), "");
    await truncate(join(root, "edge.jsonl"), MAX_SESSION_BYTES);
    expect((await loadWithSession("edge.jsonl")).messages).toEqual([]);
  });

  it.each([
    ["a missing file", "sessions/none.jsonl", async () => {}, 'no file at "sessions/none.jsonl"'],
    ["a folder", "sessions", async () => {}, 'a folder at "sessions"'],
    [
      "a broken symbolic link",
      "dangling.jsonl",
      () => symlink(join(root, "gone.jsonl"), join(root, "dangling.jsonl")),
      'a broken symbolic link at "dangling.jsonl"',
    ],
    [
      "a symbolic link to a folder",
      "folder-link",
      () => symlink(join(root, "sessions"), join(root, "folder-link")),
      'a folder at "folder-link"',
    ],
    [
      "a file over 16 MiB",
      "big.jsonl",
      async () => {
        await writeFile(join(root, "big.jsonl"), "");
        await truncate(join(root, "big.jsonl"), MAX_SESSION_BYTES + 1024 * 1024);
      },
      'a file of 17.0 MiB at "big.jsonl"',
    ],
  ])("rejects %s with a diagnostic at the session line", async (_what, session, prepare, found) => {
    await prepare();
    const result = await loadWithSession(session);
    expect(result.scenarios).toEqual([]);
    expect(result.messages).toEqual([`s.yaml:2:10: session: expected ${expected}, found ${found}`]);
  });
});
