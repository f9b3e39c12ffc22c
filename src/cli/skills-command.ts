import { formatDiagnostic } from "../domain/index.js";
import { formatSkillsReportTable } from "../skills/format-skills-report-table.js";
import { loadSkillsFunnel } from "../skills/load-skills-funnel.js";
import { type CommandContext, EXIT } from "./command-context.js";
import { loadInspectionContext } from "./load-inspection-context.js";

/**
 * `claw-eval skills <workspace>`: the skills funnel of a workspace read in place (discovered,
 * loaded and skipped per source, overridden, ineligible, dropped, prompt size against the
 * budget), as a table or as the JSON report of DESIGN.md with `--json`.
 */
export async function skillsCommand(
  workspace: string,
  flags: { config?: string; json?: boolean },
  context: CommandContext,
): Promise<number> {
  const inspection = await loadInspectionContext({ workspace, configPath: flags.config, context });
  const funnel = await loadSkillsFunnel({
    workspaceDir: inspection.workspaceDir,
    config: inspection.config,
    runtime: inspection.runtime,
    cwd: context.host.cwd,
  });
  for (const diagnostic of funnel.discovered.diagnostics) {
    context.host.stderr(`${diagnostic.severity}: ${formatDiagnostic(diagnostic)}\n`);
  }
  if (flags.json === true) {
    context.host.stdout(`${JSON.stringify(funnel.report, null, 2)}\n`);
    return EXIT.ok;
  }
  const table = formatSkillsReportTable(funnel.report, {
    maxSkillsPromptChars: funnel.plan.limits.maxSkillsPromptChars,
    overrides: funnel.merged.overridden,
  });
  context.host.stdout(table.endsWith("\n") ? table : `${table}\n`);
  return EXIT.ok;
}
