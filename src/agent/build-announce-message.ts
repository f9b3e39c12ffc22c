import type { Usage } from "../domain/index.js";
import { isSilentReply } from "./is-silent-reply.js";

/** A child's final text that asks for no announcement (besides an exact `NO_REPLY`). */
export const ANNOUNCE_SKIP_TOKEN = "ANNOUNCE_SKIP";

export type SubagentRunStatus = "ok" | "error" | "timeout" | "unknown";

/** The `task_completion` event of spec/loop.md §6.3. */
export interface TaskCompletion {
  childSessionKey: string;
  childSessionId: string;
  /** The spawn's label, else its task. */
  taskLabel: string;
  status: SubagentRunStatus;
  error?: string;
  /** The child's latest assistant text. */
  result: string;
  usage: Usage;
}

/** Whether the child's final text is announced: not exactly `ANNOUNCE_SKIP` or `NO_REPLY`. */
export function shouldAnnounce(text: string): boolean {
  return text.trim() !== ANNOUNCE_SKIP_TOKEN && !isSilentReply(text);
}

const STATUS_LABELS: Record<SubagentRunStatus, (error: string | undefined) => string> = {
  ok: () => "completed successfully",
  timeout: () => "timed out",
  error: (error) => `failed: ${error ?? "unknown error"}`,
  unknown: () => "finished with unknown status",
};

export function statusLabel(status: SubagentRunStatus, error?: string): string {
  return STATUS_LABELS[status](error);
}

function statsLine(completion: TaskCompletion): string {
  const { usage } = completion;
  const total = usage.inputTokens + usage.outputTokens;
  return `Stats: ${total} tokens (${usage.inputTokens} in, ${usage.outputTokens} out)`;
}

/**
 * The trigger message a requester session receives when its child finishes (spec/loop.md
 * §6.3): the completion's fields, then what to do with them. A top-level requester turns the
 * result into a reply for the user; a requester that is itself a sub-agent writes a short
 * internal update. Wording is ours.
 */
export function buildAnnounceMessage(completion: TaskCompletion, requesterIsSubagent: boolean): string {
  const result = completion.result.trim() === "" ? "(no output)" : completion.result.trim();
  const instruction = requesterIsSubagent
    ? "Fold this into your own work as a concise internal update. If it adds nothing new, reply NO_REPLY."
    : "Turn this result into a reply for the user, in your usual voice. Reply NO_REPLY only if the user " +
      "already received this result. If other sub-agents of the same work are still running, wait for them.";
  return [
    "[Task completion]",
    "type: task_completion",
    `child session: ${completion.childSessionKey}`,
    `child session id: ${completion.childSessionId}`,
    `task: ${completion.taskLabel}`,
    `status: ${statusLabel(completion.status, completion.error)}`,
    "",
    "Result:",
    result,
    "",
    statsLine(completion),
    "",
    instruction,
  ].join("\n");
}
