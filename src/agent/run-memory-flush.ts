import { resolveAgentConfig } from "../config/resolve-agent-config.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import { buildMemoryFlushPrompt, shouldRunMemoryFlush, withSilentHint } from "../context/memory-flush.js";
import { isSandboxedSession } from "../tools/is-sandboxed-session.js";
import { diffWorkspaceSnapshots } from "./diff-workspace-snapshots.js";
import { loadWorkspaceSnapshot } from "./load-workspace-snapshot.js";
import { runSessionRun } from "./run-session-run.js";
import { ensureSessionContext } from "./session-context-steps.js";
import type { SessionRunRequest, SessionRunResult, SessionRunWorld, SessionState } from "./session-run-types.js";
import { toZonedClock } from "./to-zoned-clock.js";
import { formatCurrentTimeLine } from "./turn-input.js";

function workspaceWritable(world: SessionRunWorld, session: SessionState): boolean {
  if (!isSandboxedSession(world.config, session.agentId, session.key)) return true;
  return resolveAgentConfig(resolveOpenClawConfig(world.config), session.agentId).sandbox.workspaceAccess === "rw";
}

/**
 * The pre-compaction memory flush (memory.md §9.1): before a user's run, when the session is
 * close to compaction, an ordinary run in the same session asks the model to store durable
 * memories. Its replies are never delivered; they stay in the transcript. Resolves the flush
 * run, or `undefined` when none was due. A failed flush never blocks the user's run. The
 * `memory_flush` event records the workspace files the run changed (snapshots taken before and
 * after it), its target file and the session, for the flush compliance measure.
 */
export async function runMemoryFlush(options: {
  world: SessionRunWorld;
  session: SessionState;
  request: SessionRunRequest;
  userTimezone: string;
  /** Usage of the session's last run: input side (input + cache) and output, tokens. */
  lastRun: { promptTokens: number; outputTokens: number };
  runId: string;
}): Promise<SessionRunResult | undefined> {
  const { world, session, request } = options;
  const base = { runId: options.runId, sessionKey: session.key };
  const context = await ensureSessionContext(world, session, base);
  const { compaction, memoryFlush } = context.settings;
  const stat = await world.runtime.fs.stat(context.sessionFile);
  const decision = shouldRunMemoryFlush({
    settings: memoryFlush,
    contextWindow: compaction.contextWindow,
    reserveTokensFloor: context.settings.reserveTokensFloor,
    messages: context.messages(),
    lastPromptTokens: options.lastRun.promptTokens,
    lastOutputTokens: options.lastRun.outputTokens,
    pendingPrompt: request.input.content,
    transcriptBytes: stat?.size ?? 0,
    heartbeat: request.turn.kind === "heartbeat",
    writable: workspaceWritable(world, session),
    compactionCount: context.transcript.compactionCount,
    flushedAtCompactionCount: context.memoryFlushCompactionCount,
  });
  if (!decision.run) return undefined;
  const now = world.runtime.now();
  const today = toZonedClock(now, options.userTimezone).date;
  const content = buildMemoryFlushPrompt({
    prompt: memoryFlush.prompt,
    today,
    currentTimeLine: formatCurrentTimeLine({ now, userTimezone: options.userTimezone }),
  });
  // The write rules (memory.md §9.2) are judged from what changed on disk, whatever tool changed it.
  const target = `memory/${today}.md`;
  const watch = {
    fs: world.runtime.fs,
    workspaceDir: world.workspaceDir,
    exclude: [world.runtime.stateDir, world.runtime.homeDir],
    keep: [target],
  };
  const before = await loadWorkspaceSnapshot(watch);
  const result = await runSessionRun(
    world,
    session,
    {
      ...request,
      input: { role: "user", content, kind: "user" },
      purpose: "memory_flush",
      extraSystemPrompt: withSilentHint(memoryFlush.systemPrompt),
    },
    options.runId,
  );
  context.memoryFlushCompactionCount = context.transcript.compactionCount;
  const changes = diffWorkspaceSnapshots(before, await loadWorkspaceSnapshot(watch));
  world.emit({
    ...base,
    type: "memory_flush",
    status: result.outcome.error === undefined ? "completed" : `failed: ${result.outcome.error}`,
    target,
    changes,
    sessionId: context.transcript.sessionId,
  });
  return result;
}
