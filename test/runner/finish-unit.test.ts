import { describe, expect, it } from "vitest";
import type { AgentSession } from "../../src/agent/create-agent-session.js";
import { createHookRegistry } from "../../src/agent/create-hook-registry.js";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import type { UnitFailure } from "../../src/runner/build-unit-result.js";
import type { UnitModels } from "../../src/runner/create-unit-models.js";
import { finishUnit } from "../../src/runner/finish-unit.js";
import type { UnitEnvironment } from "../../src/runner/prepare-unit-environment.js";

/** A session, models and environment that log each call; `fail` names the steps that reject. */
function fakes(fail: { end?: boolean; finish?: boolean } = {}) {
  const calls: string[] = [];
  const session: AgentSession = {
    sessionKey: "agent:main:main",
    history: [],
    hooks: createHookRegistry(),
    transcripts: () => {
      calls.push("transcripts");
      return [];
    },
    runTurn: () => Promise.reject(new Error("no turn runs here")),
    receive: () => {
      throw new Error("no turn runs here");
    },
    auditMemory: async () => undefined,
    end: async () => {
      calls.push("end");
      if (fail.end) throw new Error("session_end could not be written");
    },
  };
  const models: UnitModels = {
    model: { id: "scripted", complete: () => Promise.reject(new Error("never called")) },
    resolveModel: () => undefined,
    finish: async () => {
      calls.push("finish");
      if (fail.finish) throw new Error("disk full");
    },
  };
  const runtime = createTestRuntime();
  const environment: UnitEnvironment = {
    runtime,
    workspaceDir: runtime.root,
    homeDir: runtime.homeDir,
    placeholders: [],
    dispose: async () => {
      calls.push("dispose");
    },
  };
  return { calls, session, models, environment };
}

const thrown: UnitFailure = { status: "errored", error: "the golden store went away" };

describe("finishUnit", () => {
  it("ends the session once, then finishes the models and removes the folders", async () => {
    const { calls, ...parts } = fakes();
    const finished = await finishUnit({ ...parts, failure: undefined });
    expect(finished).toEqual({ failure: undefined, sessions: undefined });
    expect(calls).toEqual(["end", "finish", "transcripts", "dispose"]);
  });

  it("keeps the unit's own failure when ending the session fails too", async () => {
    const { calls, ...parts } = fakes({ end: true, finish: true });
    const finished = await finishUnit({ ...parts, failure: thrown });
    expect(finished.failure).toEqual(thrown);
    expect(calls).toEqual(["end", "finish", "transcripts", "dispose"]);
  });

  it("reports a failed session end as the failure of a unit that had none", async () => {
    const { calls, ...parts } = fakes({ end: true, finish: true });
    const finished = await finishUnit({ ...parts, failure: undefined });
    expect(finished.failure).toEqual({ status: "errored", error: "session_end could not be written" });
    expect(calls).toEqual(["end", "finish", "transcripts", "dispose"]);
  });

  it("reports a cassette that could not be written when nothing failed before", async () => {
    const { calls, ...parts } = fakes({ finish: true });
    const finished = await finishUnit({ ...parts, failure: undefined });
    expect(finished.failure).toEqual({ status: "errored", error: "could not write the cassette: disk full" });
    expect(calls).toEqual(["end", "finish", "transcripts", "dispose"]);
  });

  it("hands the folder removal over when asked, without waiting for it", async () => {
    const { calls, environment, ...parts } = fakes();
    let release: () => void = () => {};
    const slowRemoval = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handed: Promise<void>[] = [];
    const finished = await finishUnit({
      ...parts,
      environment: { ...environment, dispose: () => slowRemoval },
      failure: undefined,
      deferRemoval: async (removal) => {
        handed.push(removal);
      },
    });
    expect(finished.failure).toBeUndefined();
    expect(handed).toEqual([slowRemoval]);
    release();
    await handed[0];
    expect(calls).toEqual(["end", "finish", "transcripts"]);
  });

  it("skips what the unit never made", async () => {
    const finished = await finishUnit({
      session: undefined,
      models: undefined,
      environment: undefined,
      failure: thrown,
    });
    expect(finished).toEqual({ failure: thrown, sessions: undefined });
  });
});
