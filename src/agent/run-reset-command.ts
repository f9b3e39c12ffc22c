import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import type { Turn } from "../domain/index.js";
import { errorMessage, ZERO_USAGE } from "../domain/index.js";
import { buildSessionSnapshot } from "../memory/build-session-snapshot.js";
import { checkWritableTarget, resolveWorkspacePath } from "../tools/resolve-workspace-path.js";
import type { TurnTotals } from "./create-turn-tally.js";
import { deliverReply } from "./deliver-reply.js";
import { ensureSessionContext } from "./session-context-steps.js";
import type { SessionRunWorld, SessionState } from "./session-run-types.js";

const RESET_COMMAND = /^\/(new|reset)(?:\s[\s\S]*)?$/;

/** `new` or `reset` for a `/new` or `/reset` user turn (memory.md §9.3), else `undefined`. */
export function parseResetCommand(turn: Turn): "new" | "reset" | undefined {
  if (turn.kind !== "user") return undefined;
  const match = RESET_COMMAND.exec(turn.text.trim());
  return match === null ? undefined : (match[1] as "new" | "reset");
}

async function writeSnapshot(world: SessionRunWorld, path: string, content: string): Promise<void> {
  const { runtime, workspaceDir } = world;
  const resolved = await resolveWorkspacePath({ input: path, workspaceDir, homeDir: runtime.homeDir, fs: runtime.fs });
  if (!resolved.ok) throw new Error(resolved.error);
  const writable = await checkWritableTarget({ path: resolved.path, input: path, fs: runtime.fs });
  if (!writable.ok) throw new Error(writable.error);
  const existing = await runtime.fs.stat(resolved.path);
  // Never overwrite a note: a second snapshot in the same minute is appended below the first.
  if (existing !== undefined) await runtime.fs.appendText(resolved.path, `\n${content}`);
  else await runtime.fs.writeText(resolved.path, content);
}

/**
 * `/new` and `/reset` (memory.md §9.3): fire `before_reset`, save the closing session to
 * `memory/<date>-<HHMM>.md` through the workspace jail (the bundled session-memory hook, on
 * unless `hooks.internal.entries.session-memory.enabled` is false; the slug is always the time,
 * since claw-eval asks no model for one), end the session, and start the next run in a fresh
 * one. A failed snapshot is reported and the command still completes.
 */
export async function runResetCommand(options: {
  world: SessionRunWorld;
  session: SessionState;
  kind: "new" | "reset";
  runId: string;
  /** Receives the closing session's transcript before it is dropped. */
  onRetire(session: SessionState): void;
}): Promise<TurnTotals> {
  const { world, session, kind } = options;
  const base = { runId: options.runId, sessionKey: session.key };
  const context = await ensureSessionContext(world, session, base);
  const hooks = session.lifecycle.hooksFor(base);
  const messages = context.messages();
  await hooks.fire("before_reset", { sessionFile: context.sessionFile, messages, reason: kind });
  const hook = resolveOpenClawConfig(world.config).hooks.internal.entries["session-memory"];
  if (hook?.enabled !== false) {
    const snapshot = buildSessionSnapshot({
      messages,
      sessionKey: session.key,
      sessionId: context.transcript.sessionId,
      source: `command:${kind}`,
      now: world.runtime.now(),
      maxMessages: hook?.messages ?? 15,
    });
    try {
      await writeSnapshot(world, snapshot.path, snapshot.content);
      world.emit({ ...base, type: "memory_snapshot", path: snapshot.path, status: "written" });
    } catch (error) {
      world.emit({
        ...base,
        type: "memory_snapshot",
        path: snapshot.path,
        status: "failed",
        error: errorMessage(error),
      });
    }
  }
  options.onRetire(session);
  await session.lifecycle.end(messages.length);
  session.context = undefined;
  session.preload = undefined;
  const text = kind === "new" ? "Started a new session." : "The session was reset.";
  const delivered = await deliverReply({ text, emit: world.emit, base, hooks });
  return { reply: text, delivered, stopReason: "end_turn", usage: ZERO_USAGE, costUsd: 0, latencyMs: 0 };
}
