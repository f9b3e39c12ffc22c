import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";
import { listIndexedFiles, resolveIndexedPaths } from "../../src/memory/list-indexed-files.js";
import { listSessionTranscripts } from "../../src/memory/list-session-transcripts.js";
import { resolveSessionTranscriptsDir } from "../../src/memory/resolve-session-transcripts-dir.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";

const SESSIONS = "state/agents/main/sessions";

function setup() {
  const runtime = createTestRuntime({
    files: {
      "ws/MEMORY.md": "# Facts",
      "ws/memory/2026-03-01.md": "note",
      [`${SESSIONS}/b-session.jsonl`]: "{}\n",
      [`${SESSIONS}/a-session.jsonl`]: "{}\n",
      [`${SESSIONS}/a-session.jsonl.lock`]: '{"pid":1}',
      [`${SESSIONS}/sessions.json`]: "{}",
      [`${SESSIONS}/archive/old.jsonl`]: "{}\n",
      "elsewhere/linked.jsonl": "{}\n",
    },
  });
  const sessionsDir = join(runtime.root, SESSIONS);
  symlinkSync(join(runtime.root, "elsewhere/linked.jsonl"), join(sessionsDir, "c-link.jsonl"));
  mkdirSync(join(sessionsDir, "d-folder.jsonl"));
  return { runtime, sessionsDir, workspaceDir: join(runtime.root, "ws") };
}

describe("listSessionTranscripts (memory.md §10)", () => {
  it("lists regular *.jsonl files directly in the folder as sessions/<file>, skipping links, folders and locks", async () => {
    const { runtime, sessionsDir } = setup();
    expect(await listSessionTranscripts({ fs: runtime.fs, sessionsDir })).toEqual({
      files: [
        { path: "sessions/a-session.jsonl", absolutePath: join(sessionsDir, "a-session.jsonl"), source: "sessions" },
        { path: "sessions/b-session.jsonl", absolutePath: join(sessionsDir, "b-session.jsonl"), source: "sessions" },
      ],
      diagnostics: [],
    });
  });

  it("lists nothing for a missing folder, and warns about an unreadable one", async () => {
    const runtime = createTestRuntime({ files: { "state/agents/main/sessions": "a file, not a folder" } });
    expect(await listSessionTranscripts({ fs: runtime.fs, sessionsDir: join(runtime.root, "none") })).toEqual({
      files: [],
      diagnostics: [],
    });
    const unreadable = await listSessionTranscripts({ fs: runtime.fs, sessionsDir: join(runtime.root, SESSIONS) });
    expect(unreadable.files).toEqual([]);
    expect(unreadable.diagnostics).toMatchObject([
      { file: join(runtime.root, SESSIONS), expected: "a readable session transcript folder", severity: "warning" },
    ]);
  });
});

describe("listIndexedFiles", () => {
  it("lists the notes and the transcripts together, sorted by path", async () => {
    const { runtime, sessionsDir, workspaceDir } = setup();
    const listing = await listIndexedFiles({ fs: runtime.fs, workspaceDir, sources: ["memory"], sessionsDir });
    expect(listing.files.map((file) => [file.path, file.source])).toEqual([
      ["MEMORY.md", "memory"],
      ["memory/2026-03-01.md", "memory"],
      ["sessions/a-session.jsonl", "sessions"],
      ["sessions/b-session.jsonl", "sessions"],
    ]);
  });

  it("leaves the notes out when memory is not a source, and the transcripts without their folder", async () => {
    const { runtime, sessionsDir, workspaceDir } = setup();
    const transcriptsOnly = await listIndexedFiles({ fs: runtime.fs, workspaceDir, sources: [], sessionsDir });
    expect(transcriptsOnly.files.map((file) => file.path)).toEqual([
      "sessions/a-session.jsonl",
      "sessions/b-session.jsonl",
    ]);
    const notesOnly = await listIndexedFiles({ fs: runtime.fs, workspaceDir, sources: ["memory"] });
    expect(notesOnly.files.map((file) => file.path)).toEqual(["MEMORY.md", "memory/2026-03-01.md"]);
  });

  it("resolves a targeted sync's paths to the files that exist, by kind", async () => {
    const { runtime, sessionsDir, workspaceDir } = setup();
    const paths = ["memory/2026-03-01.md", "memory/gone.md", "sessions/a-session.jsonl", "sessions/c-link.jsonl"];
    expect(
      await resolveIndexedPaths({ fs: runtime.fs, workspaceDir, sources: ["memory"], sessionsDir, paths }),
    ).toEqual([
      { path: "memory/2026-03-01.md", absolutePath: join(workspaceDir, "memory/2026-03-01.md"), source: "memory" },
      { path: "sessions/a-session.jsonl", absolutePath: join(sessionsDir, "a-session.jsonl"), source: "sessions" },
    ]);
    expect(await resolveIndexedPaths({ fs: runtime.fs, workspaceDir, sources: [], paths })).toEqual([]);
  });
});

describe("resolveSessionTranscriptsDir", () => {
  const defaults = resolveOpenClawConfig({}).agents.defaults.memorySearch;
  const resolve = (sources: ("memory" | "sessions")[], sessionMemory: boolean) =>
    resolveSessionTranscriptsDir({
      stateDir: "/state",
      agentId: "ops",
      settings: { sources, experimental: { ...defaults.experimental, sessionMemory } },
    });

  it("is the agent's sessions folder only with the experimental flag and the sessions source", () => {
    expect(resolve(["memory", "sessions"], true)).toBe("/state/agents/ops/sessions");
    expect(resolve(["sessions"], true)).toBe("/state/agents/ops/sessions");
    expect(resolve(["memory", "sessions"], false)).toBeUndefined();
    expect(resolve(["memory"], true)).toBeUndefined();
    expect(defaults.experimental.sessionMemory).toBe(false);
  });
});
