import { buildPromptReport } from "../prompt/build-prompt-report.js";
import { buildRunSystemPrompt } from "../prompt/build-run-system-prompt.js";
import { loadBpeCounter } from "../prompt/load-bpe-counter.js";
import type { PromptMode } from "../prompt/system-prompt-input.js";
import { loadSkillsFunnel } from "../skills/load-skills-funnel.js";
import { checkPromptToolNames } from "./check-prompt-tool-names.js";
import { type CommandContext, EXIT, UsageError } from "./command-context.js";
import { loadInspectionContext } from "./load-inspection-context.js";

/** The default tool list of `claw-eval prompt`. */
export const DEFAULT_PROMPT_TOOLS = [
  "read",
  "write",
  "edit",
  "exec",
  "grep",
  "memory_search",
  "memory_get",
  "sessions_spawn",
  "message",
  "cron",
] as const;

const MODES: readonly PromptMode[] = ["full", "minimal", "none"];

/**
 * `claw-eval prompt <workspace>`: assembles the prompt of the workspace read in place and
 * prints it, or the JSON report with `--json`. `--tools` is the final tool list; names the
 * prompt does not know are kept and warned about on stderr.
 */
export async function promptCommand(
  workspace: string,
  flags: { mode?: string; config?: string; tools?: string; json?: boolean },
  context: CommandContext,
): Promise<number> {
  const mode = (flags.mode ?? "full") as PromptMode;
  if (!MODES.includes(mode)) throw new UsageError(`--mode: expected full, minimal or none, found "${flags.mode}"`);
  const tools =
    flags.tools === undefined
      ? [...DEFAULT_PROMPT_TOOLS]
      : flags.tools
          .split(",")
          .map((name) => name.trim())
          .filter((name) => name !== "");
  const unknownTools = checkPromptToolNames(tools);
  const inspection = await loadInspectionContext({ workspace, configPath: flags.config, context });
  const agentId = "main";
  const skills = await loadSkillsFunnel({
    workspaceDir: inspection.workspaceDir,
    config: inspection.config,
    runtime: inspection.runtime,
    agentId,
    cwd: context.host.cwd,
  });
  const prompt = await buildRunSystemPrompt(
    {
      config: inspection.config,
      agentId,
      sessionKey: mode === "minimal" ? `agent:${agentId}:subagent:inspect` : `agent:${agentId}:main`,
      workspaceDir: inspection.workspaceDir,
      tools: tools.map((name) => ({ name })),
      skillsPrompt: skills.snapshot.prompt,
      promptModeOverride: mode,
      cwd: context.host.cwd,
    },
    inspection.runtime,
  );
  for (const warning of [...unknownTools, ...prompt.warnings]) context.host.stderr(`warning: ${warning}\n`);
  if (flags.json !== true) {
    context.host.stdout(`${prompt.text}\n`);
    return EXIT.ok;
  }
  const report = buildPromptReport({
    prompt,
    contextFiles: prompt.contextFiles,
    skills: {
      included: skills.report.included,
      truncated: skills.report.truncated,
      promptChars: skills.report.promptChars,
    },
    countBpe: await loadBpeCounter(),
  });
  context.host.stdout(`${JSON.stringify(report, null, 2)}\n`);
  return EXIT.ok;
}
