import type { ExecApprovalDecision, ToolContext } from "../domain/index.js";

/** How long an approval may stay unanswered before `askFallback` applies, ms (spec/loop.md §8.1). */
export const EXEC_APPROVAL_TIMEOUT_MS = 120_000;

export interface ExecApprovalOutcome {
  approvalId: string;
  /** `undefined`: nobody answered (no approver, no answer, or the timeout passed). */
  decision: ExecApprovalDecision | undefined;
}

function waitForAnswer(
  context: ToolContext,
  request: { approvalId: string; command: string; workdir: string },
): Promise<ExecApprovalDecision | undefined> {
  const { approver, signal } = context;
  if (approver === undefined || signal?.aborted === true) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const finish = (decision: ExecApprovalDecision | undefined): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(decision);
    };
    const onAbort = (): void => finish(undefined);
    const timer = setTimeout(() => finish(undefined), EXEC_APPROVAL_TIMEOUT_MS);
    signal?.addEventListener("abort", onAbort, { once: true });
    approver(request).then(finish, (error: unknown) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      reject(error);
    });
  });
}

/**
 * Asks for an exec approval and waits for the answer inside the tool call ([runtime] decision:
 * the scenario's approver answers at once, so the call blocks instead of returning
 * `approval-pending` and posting the outcome later as a system event). Emits
 * `exec_approval {phase: "requested"}` before asking and `exec_approval {phase: "decided"}`
 * after, with `decision: "timeout"` when nobody answered. The id comes from `runtime.newId`.
 */
export async function requestExecApproval(options: {
  context: ToolContext;
  command: string;
  workdir: string;
}): Promise<ExecApprovalOutcome> {
  const { context } = options;
  const approvalId = context.runtime.newId("approval");
  const base = { runId: context.runId ?? "", sessionKey: context.sessionKey ?? "" };
  context.emit?.({ ...base, type: "exec_approval", phase: "requested", approvalId });
  const decision = await waitForAnswer(context, { approvalId, command: options.command, workdir: options.workdir });
  context.emit?.({ ...base, type: "exec_approval", phase: "decided", approvalId, decision: decision ?? "timeout" });
  return { approvalId, decision };
}
