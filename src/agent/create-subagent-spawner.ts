import type { SubagentSpawner, SubagentSpawnRequest, SubagentSpawnResult } from "../domain/index.js";
import type { RunHooks } from "./create-run-hooks.js";
import type { SubagentLimits } from "./read-subagent-limits.js";

/** A child run that `sessions_spawn` accepted and that has not run yet. */
export interface PendingSubagent {
  request: SubagentSpawnRequest;
  childSessionKey: string;
  /** Run id the child's run will use. */
  runId: string;
  /** Agent the child runs as. */
  agentId: string;
  depth: number;
  requesterSessionKey: string;
}

export interface SubagentSpawnerOptions {
  limits: SubagentLimits;
  /** The requesting session: its agent, key and depth (main = 0). */
  agentId: string;
  sessionKey: string;
  depth: number;
  newId: (prefix: string) => string;
  /** Hooks `subagent_spawning` (may refuse with `status: "error"`) and `subagent_spawned`. */
  hooks?: RunHooks;
  /** Called once per accepted spawn, in order (events, hooks). */
  onSpawned?: (child: PendingSubagent) => void | Promise<void>;
}

/** A spawner bound to one run of one session; `pending()` lists the accepted children in order. */
export interface RunSubagentSpawner extends SubagentSpawner {
  pending(): readonly PendingSubagent[];
}

const SPAWN_NOTE =
  "The sub-agent is running. Its result will be announced to this session automatically when it " +
  "finishes; do not poll, sleep or check on it.";

/**
 * The checks of spec/loop.md §6.1, in order: depth, active children, cross-agent allow list.
 * Accepted children are queued; the session runs them when the requesting run ends (the
 * reference runtime's deterministic stand-in for the `subagent` lane), so every child accepted
 * by this run counts as active while the run lasts.
 */
export function createSubagentSpawner(options: SubagentSpawnerOptions): RunSubagentSpawner {
  const accepted: PendingSubagent[] = [];
  const { limits } = options;
  return {
    pending: () => accepted,
    async spawn(request): Promise<SubagentSpawnResult> {
      if (options.depth >= limits.maxSpawnDepth) {
        return {
          status: "forbidden",
          error: `sessions_spawn is not allowed at this depth (current depth: ${options.depth}, max: ${limits.maxSpawnDepth})`,
        };
      }
      if (accepted.length >= limits.maxChildrenPerAgent) {
        return {
          status: "forbidden",
          error: `sessions_spawn has reached max active children for this session (${accepted.length}/${limits.maxChildrenPerAgent})`,
        };
      }
      const target = request.agentId ?? options.agentId;
      if (target !== options.agentId && !limits.allowAgents.some((id) => id === "*" || id === target)) {
        const allowed = limits.allowAgents.length === 0 ? "none" : limits.allowAgents.join(", ");
        return { status: "forbidden", error: `agentId is not allowed for sessions_spawn (allowed: ${allowed})` };
      }
      const child: PendingSubagent = {
        request,
        childSessionKey: `agent:${target}:subagent:${options.newId("subagent")}`,
        runId: options.newId("run"),
        agentId: target,
        depth: options.depth + 1,
        requesterSessionKey: options.sessionKey,
      };
      const info = subagentHookInfo(child);
      const spawning = await options.hooks?.modify("subagent_spawning", info);
      if (spawning?.status === "error") {
        return { status: "error", error: spawning.error ?? "sub-agent spawn refused by a plugin hook" };
      }
      accepted.push(child);
      await options.onSpawned?.(child);
      await options.hooks?.fire("subagent_spawned", info);
      return {
        status: "accepted",
        childSessionKey: child.childSessionKey,
        runId: child.runId,
        mode: request.mode ?? "run",
        note: SPAWN_NOTE,
      };
    },
  };
}

/** The `subagent_*` hook payload of a child (spec/loop.md §3.1, §6.1). */
export function subagentHookInfo(child: PendingSubagent) {
  return {
    childSessionKey: child.childSessionKey,
    requesterSessionKey: child.requesterSessionKey,
    agentId: child.agentId,
    task: child.request.task,
    mode: child.request.mode ?? "run",
    runId: child.runId,
    ...(child.request.label === undefined ? {} : { label: child.request.label }),
  };
}
