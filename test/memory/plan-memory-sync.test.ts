import { describe, expect, it } from "vitest";
import { planMemorySync } from "../../src/memory/plan-memory-sync.js";

const plan = (
  changed: string[] | undefined,
  extra: { synced?: boolean; extraPaths?: string[]; sessionsDir?: string; workspaceDir?: string } = {},
) =>
  planMemorySync({
    synced: extra.synced ?? true,
    changed,
    workspaceDir: extra.workspaceDir ?? "/w",
    extraPaths: extra.extraPaths ?? [],
    ...(extra.sessionsDir === undefined ? {} : { sessionsDir: extra.sessionsDir }),
  });

const SESSIONS = { sessionsDir: "/state/agents/main/sessions" };

describe("planMemorySync", () => {
  it("syncs in full on first use and after an unknown change", () => {
    expect(plan([], { synced: false })).toEqual({ kind: "full" });
    expect(plan(undefined)).toEqual({ kind: "full" });
  });

  it("syncs nothing when nothing relevant was written", () => {
    expect(plan([])).toEqual({ kind: "none" });
    expect(plan(["/w/SOUL.md", "/w/src/app.ts", "/elsewhere/memory/x.md", "/w/memoryx/a.md"])).toEqual({
      kind: "none",
    });
  });

  it("syncs only the written notes under memory/, sorted and once each", () => {
    expect(plan(["/w/memory/b.md", "/w/notes.txt", "/w/memory/sub/a.md", "/w/memory/b.md"])).toEqual({
      kind: "paths",
      paths: ["memory/b.md", "memory/sub/a.md"],
    });
  });

  it("syncs in full for MEMORY.md, the memory folder, a non-note inside it, another case, or an ancestor", () => {
    for (const path of [
      "/w/MEMORY.md",
      "/w/memory.md",
      "/w/memory",
      "/w/memory/sub",
      "/w/memory/a.txt",
      "/w/Memory/a.md",
      "/w",
      "/",
    ]) {
      expect(plan(["/w/memory/a.md", path]), path).toEqual({ kind: "full" });
    }
  });

  it("syncs in full for any write when extra paths are configured", () => {
    expect(plan(["/w/SOUL.md"], { extraPaths: ["../notes"] })).toEqual({ kind: "full" });
    expect(plan([], { extraPaths: ["../notes"] })).toEqual({ kind: "none" });
  });

  describe("with session transcripts as a source", () => {
    it("syncs only a transcript a turn was appended to, beside the written notes", () => {
      expect(plan(["/state/agents/main/sessions/s1.jsonl", "/w/memory/a.md"], SESSIONS)).toEqual({
        kind: "paths",
        paths: ["memory/a.md", "sessions/s1.jsonl"],
      });
    });

    it("ignores lock files, nested folders, other names and other agents' transcripts", () => {
      for (const path of [
        "/state/agents/main/sessions/s1.jsonl.lock",
        "/state/agents/main/sessions/archive/s0.jsonl",
        "/state/agents/main/sessions/sessions.json",
        "/state/agents/main/sessions/.jsonl",
        "/state/agents/ops/sessions/s2.jsonl",
        "/state/memory/main.sqlite",
      ]) {
        expect(plan([path], SESSIONS), path).toEqual({ kind: "none" });
      }
    });

    it("syncs in full for the transcript folder itself, a folder above it, or a transcript name in another case", () => {
      for (const path of [
        "/state/agents/main/sessions",
        "/state/agents",
        "/state",
        "/state/agents/main/sessions/S1.JSONL",
      ]) {
        expect(plan(["/state/agents/main/sessions/s1.jsonl", path], SESSIONS), path).toEqual({ kind: "full" });
      }
    });

    it("treats transcript writes as irrelevant when the source is off", () => {
      expect(plan(["/state/agents/main/sessions/s1.jsonl", "/state/agents/main/sessions"])).toEqual({ kind: "none" });
    });

    it("finds transcripts in a state folder inside the workspace", () => {
      expect(plan(["/w/.state/sessions/s1.jsonl"], { sessionsDir: "/w/.state/sessions" })).toEqual({
        kind: "paths",
        paths: ["sessions/s1.jsonl"],
      });
    });
  });
});
