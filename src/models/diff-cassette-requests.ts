import { diffLines, structuredPatch } from "diff";
import type { ModelMessage } from "../domain/index.js";
import { canonicalCassetteJson, type NormalisedModelRequest } from "./cassette-key.js";

/** How two normalised requests differ. */
export interface CassetteRequestDiff {
  /** Lines added plus lines removed between the two formatted requests; 0 when equal. */
  changedLines: number;
  /** Unified diff, `recorded` → `request`, at most `maxLines` lines (then a `... N more lines` line). */
  patch: string;
}

export interface DiffCassetteRequestsOptions {
  /** Lines of patch kept (default 40). */
  maxLines?: number;
  /** Unchanged lines around each change (default 2). */
  context?: number;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

function formatMessage(message: ModelMessage, index: number): string {
  if (message.role === "user")
    return `message ${index + 1} user${message.kind ? ` (${message.kind})` : ""}:\n${indent(message.content)}`;
  if (message.role === "tool_result") {
    const text = message.content.map((part) => part.text).join("\n");
    return `message ${index + 1} tool_result ${message.toolCallId} ${message.toolName}${message.isError ? " (error)" : ""}:\n${indent(text)}`;
  }
  const blocks = message.content.map((block) =>
    block.type === "text"
      ? indent(block.text)
      : `  tool_call ${block.id} ${block.name} ${block.invalidInput ?? canonicalCassetteJson(block.input)}`,
  );
  return [`message ${index + 1} assistant (${message.stopReason}):`, ...blocks].join("\n");
}

/**
 * A normalised request as lines for a readable diff: one line per prompt or message line, one
 * per tool. Pure.
 */
export function formatCassetteRequest(request: NormalisedModelRequest): string {
  return [
    `turn ${request.turnIndex + 1}, repeat ${request.repeat + 1}`,
    `system prompt:\n${indent(request.systemPrompt)}`,
    ...request.messages.map(formatMessage),
    ...request.tools.map(
      (tool) =>
        `tool ${tool.name}: ${tool.description.replace(/\n/g, " ")}\n  schema ${canonicalCassetteJson(tool.inputSchema)}`,
    ),
  ].join("\n");
}

/** How a request made now (`actual`) differs from a recorded one. Pure. */
export function diffCassetteRequests(
  recorded: NormalisedModelRequest,
  actual: NormalisedModelRequest,
  options: DiffCassetteRequestsOptions = {},
): CassetteRequestDiff {
  const before = `${formatCassetteRequest(recorded)}\n`;
  const after = `${formatCassetteRequest(actual)}\n`;
  const changedLines = diffLines(before, after)
    .filter((change) => change.added || change.removed)
    .reduce((sum, change) => sum + (change.count ?? 0), 0);
  const patch = structuredPatch("recorded", "request", before, after, undefined, undefined, {
    context: options.context ?? 2,
  });
  const lines = [
    "--- recorded",
    "+++ request",
    ...patch.hunks.flatMap((hunk) => [
      `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      ...hunk.lines,
    ]),
  ];
  const maxLines = options.maxLines ?? 40;
  const kept =
    lines.length > maxLines ? [...lines.slice(0, maxLines), `... ${lines.length - maxLines} more lines`] : lines;
  return { changedLines, patch: changedLines === 0 ? "" : kept.join("\n") };
}

/**
 * The recorded request closest to `actual`: the fewest changed lines, the earliest on a tie;
 * `undefined` when there are none. Pure.
 */
export function findNearestCassetteRequest(
  recorded: readonly NormalisedModelRequest[],
  actual: NormalisedModelRequest,
  options: DiffCassetteRequestsOptions = {},
): { index: number; diff: CassetteRequestDiff } | undefined {
  let nearest: { index: number; diff: CassetteRequestDiff } | undefined;
  recorded.forEach((request, index) => {
    const diff = diffCassetteRequests(request, actual, options);
    if (nearest === undefined || diff.changedLines < nearest.diff.changedLines) nearest = { index, diff };
  });
  return nearest;
}
