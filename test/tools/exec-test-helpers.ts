import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentEvent, ExecApprover, ExecOutcome, ExecRequest, ToolContext } from "../../src/domain/index.js";
import type { TestRuntime } from "../../src/platform/create-test-runtime.js";
import { createWorkspace } from "./tool-test-helpers.js";

export interface FakeExecWorld {
  runtime: TestRuntime;
  /** Every request that reached the exec backend, in order. */
  executed: ExecRequest[];
  events: AgentEvent[];
  context(overrides?: Partial<ToolContext>): ToolContext;
  /** Writes `<stateDir>/exec-approvals.json`. */
  writeStore(store: unknown): void;
}

/**
 * A workspace whose PATH is a fake folder of stub executables laid out like the host
 * (`<fake>/usr/bin/ls`, `<fake>/bin/...`), with `which` reporting the host-style path
 * (`/usr/bin/ls`) so safe-bin trust and allowlist paths read as on a real machine, and a
 * recording exec backend that runs nothing.
 */
export function createFakeExecWorld(options: {
  files?: Record<string, string>;
  /** Stub executables by host folder, e.g. `{ "/usr/bin": ["ls", "wc"], "/opt/bin": ["wc"] }`. */
  bins?: Record<string, readonly string[]>;
  config?: Record<string, unknown>;
  outcome?: Partial<ExecOutcome>;
}): FakeExecWorld {
  const base = createWorkspace(options.files ?? {});
  const fakeRoot = join(base.root, "home", "fake-root");
  const folders = Object.keys(options.bins ?? { "/usr/bin": [] });
  for (const [folder, names] of Object.entries(options.bins ?? {})) {
    mkdirSync(join(fakeRoot, folder), { recursive: true });
    for (const name of names) {
      const path = join(fakeRoot, folder, name);
      writeFileSync(path, `#!/bin/sh\necho stub ${name}\n`);
      chmodSync(path, 0o755);
    }
  }
  const realWhich = createWorkspacePathWhich(folders.map((folder) => join(fakeRoot, folder)));
  const executed: ExecRequest[] = [];
  const events: AgentEvent[] = [];
  const runtime: TestRuntime = {
    ...base,
    env: { ...base.env, PATH: folders.join(":") },
    async which(bin) {
      const found = realWhich(bin);
      return found === undefined ? undefined : found.slice(fakeRoot.length);
    },
    async exec(request) {
      executed.push(request);
      return { exitCode: 0, stdout: "ran\n", stderr: "", timedOut: false, ...options.outcome };
    },
  };
  return {
    runtime,
    executed,
    events,
    context: (overrides = {}) => ({
      runtime,
      workspaceDir: runtime.root,
      toolCallId: "call-1",
      config: options.config ?? {},
      agentId: "main",
      runId: "run-1",
      sessionKey: "agent:main:main",
      emit: (event) => events.push(event),
      ...overrides,
    }),
    writeStore(store) {
      mkdirSync(runtime.stateDir, { recursive: true });
      writeFileSync(join(runtime.stateDir, "exec-approvals.json"), JSON.stringify(store));
    },
  };
}

function createWorkspacePathWhich(directories: readonly string[]): (bin: string) => string | undefined {
  return (bin) =>
    bin.includes("/")
      ? undefined
      : directories.map((directory) => join(directory, bin)).find((candidate) => existsSync(candidate));
}

/** An approver that always gives `decision` and records the requests it saw. */
export function fixedApprover(decision: Awaited<ReturnType<ExecApprover>>): ExecApprover & { seen: string[] } {
  const seen: string[] = [];
  const approver = async (request: { command: string }) => {
    seen.push(request.command);
    return decision;
  };
  return Object.assign(approver, { seen });
}

/** The `exec_approval` events, without the run identity. */
export function approvalEvents(events: readonly AgentEvent[]): { phase: string; decision?: string }[] {
  return events.flatMap((event) =>
    event.type === "exec_approval"
      ? [{ phase: event.phase, ...(event.decision === undefined ? {} : { decision: event.decision }) }]
      : [],
  );
}
