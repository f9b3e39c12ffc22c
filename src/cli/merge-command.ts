import { resolve } from "node:path";
import { createStdoutReporter } from "../reporters/create-stdout-reporter.js";
import { formatComparisonTable } from "../reporters/format-comparison-table.js";
import { parseRunResult } from "../reporters/render-json-report.js";
import { mergeRunResults } from "../runner/merge-results.js";
import { type CommandContext, UsageError } from "./command-context.js";
import { createRunId } from "./create-run-id.js";
import { parseReporters } from "./parse-options.js";
import { finishRun } from "./run-command.js";

/**
 * `claw-eval merge <results.json..>`: combines shard results into one report; when the shards
 * came from `compare`, the comparison is recomputed over the merged units and printed.
 */
export async function mergeCommand(
  files: string[],
  flags: { out?: string; reporter?: string[] },
  context: CommandContext,
): Promise<number> {
  const { host } = context;
  if (files.length === 0) throw new UsageError("merge: expected at least one results.json path");
  const results = [];
  for (const file of files) {
    const path = resolve(host.cwd, file);
    let text: string;
    try {
      text = await host.fs.readText(path);
    } catch (error) {
      throw new UsageError(`${file}: cannot read (${(error as { code?: string }).code ?? String(error)})`);
    }
    try {
      results.push(parseRunResult(text, file));
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
  }
  const outDir = resolve(host.cwd, flags.out ?? "reports");
  const runId = await createRunId(host, outDir);
  let merged: ReturnType<typeof mergeRunResults>;
  try {
    merged = mergeRunResults(results, { runId, now: host.now() });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const reporters = parseReporters(flags.reporter, host.env);
  const consoleReporter = createStdoutReporter({ reporters, host, interactive: false, command: "merge" });
  return finishRun({
    result: merged,
    reporters,
    outDir,
    context,
    consoleReporter,
    epilogue: (result) => (result.comparison ? `\n${formatComparisonTable(result.comparison)}` : ""),
  });
}
