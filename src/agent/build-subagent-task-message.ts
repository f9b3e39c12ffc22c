/**
 * The first message of a sub-agent run (spec/loop.md §6.2): a `[Subagent Context]` line with
 * the depth, the auto-announce rule and the no-polling rule, a blank line, then the task.
 */
export function buildSubagentTaskMessage(task: string, depth: number, maxSpawnDepth: number): string {
  const context =
    `[Subagent Context] You are a sub-agent (depth ${depth}/${maxSpawnDepth}) working for another session. ` +
    "Your final reply is announced to that session automatically; do not poll or wait for anything.";
  return `${context}\n\n[Subagent Task]: ${task}`;
}
