import { dirname, join } from "node:path";
import type { Runtime } from "../domain/index.js";
import { isRecord } from "../domain/index.js";
import { EMPTY_EXEC_APPROVALS, type ExecApprovals, parseExecApprovals } from "./parse-exec-approvals.js";

/** File name of the approvals store inside the state dir (spec/loop.md §8.1). */
export const EXEC_APPROVALS_FILE = "exec-approvals.json";

export interface ExecApprovalsFile {
  path: string;
  approvals: ExecApprovals;
  /** The file's JSON as read (unknown keys included); `undefined` when the file does not exist. */
  raw: Record<string, unknown> | undefined;
}

export type ReadExecApprovalsResult = { ok: true; file: ExecApprovalsFile } | { ok: false; error: string };

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

export function execApprovalsPath(stateDir: string): string {
  return join(stateDir, EXEC_APPROVALS_FILE);
}

/**
 * Reads `<stateDir>/exec-approvals.json`. A missing file is an empty store (no opinion, no
 * allowlist). A malformed one is an error naming the file and the fix, so exec stays blocked
 * rather than falling back to a weaker policy.
 */
export async function readExecApprovalsStore(
  runtime: Pick<Runtime, "fs" | "stateDir">,
): Promise<ReadExecApprovalsResult> {
  const path = execApprovalsPath(runtime.stateDir);
  let text: string;
  try {
    text = await runtime.fs.readText(path);
  } catch (error) {
    if (isMissing(error)) return { ok: true, file: { path, approvals: EMPTY_EXEC_APPROVALS, raw: undefined } };
    throw error;
  }
  const parsed = parseExecApprovals(text);
  if (!parsed.ok) {
    return {
      ok: false,
      error:
        `exec approvals store ${path} is invalid: ${parsed.problem}. ` +
        `Fix it (shape: {"version": 1, "defaults": {...}, "agents": {"<agentId>" or "*": {"allowlist": [{"pattern": "..."}]}}}) ` +
        "or delete it; exec stays refused until then.",
    };
  }
  return { ok: true, file: { path, approvals: parsed.approvals, raw: parsed.raw } };
}

function recordCopy(value: unknown): Record<string, unknown> {
  return isRecord(value) ? { ...value } : {};
}

/**
 * Adds one allowlist entry per resolved executable path to the agent's scope of the store (an
 * `allow-always` decision), skipping paths the scope already lists as a pattern, and writes the
 * file back with every other key kept. Entry ids come from `runtime.newId`.
 */
export async function addExecAllowlistEntries(options: {
  runtime: Pick<Runtime, "fs" | "newId" | "now">;
  file: ExecApprovalsFile;
  agentId: string;
  paths: readonly string[];
}): Promise<void> {
  const { runtime, file } = options;
  const raw = recordCopy(file.raw);
  const agents = recordCopy(raw.agents);
  const agent = recordCopy(agents[options.agentId]);
  const allowlist = Array.isArray(agent.allowlist) ? [...agent.allowlist] : [];
  const known = new Set(allowlist.map((entry) => recordCopy(entry).pattern));
  for (const path of options.paths) {
    if (known.has(path)) continue;
    known.add(path);
    allowlist.push({ id: runtime.newId("allow"), pattern: path, lastUsedAt: runtime.now(), lastResolvedPath: path });
  }
  const updated = { ...raw, version: 1, agents: { ...agents, [options.agentId]: { ...agent, allowlist } } };
  await runtime.fs.makeDirectory(dirname(file.path));
  await runtime.fs.writeText(file.path, `${JSON.stringify(updated, null, 2)}\n`);
}
