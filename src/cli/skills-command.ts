import { formatDiagnostic } from "../domain/index.js";
import { loadSkillsFunnel } from "../skills/load-skills-funnel.js";
import { readSkillParseCacheStore, writeSkillParseCacheStore } from "../skills/skill-parse-cache-store.js";
import { type CommandContext, EXIT } from "./command-context.js";
import { loadInspectionContext } from "./load-inspection-context.js";

/**
 * `claw-eval skills <workspace>`: the skills funnel of a workspace read in place (discovered,
 * loaded and skipped per source, overridden, ineligible, dropped, prompt size against the
 * budget), as a table or as the JSON report with `--json`. Parse results persist in the state
 * dir (keyed by path, size and mtime), so unchanged SKILL.md files are not read again.
 */
export async function skillsCommand(
  workspace: string,
  flags: { config?: string; json?: boolean },
  context: CommandContext,
): Promise<number> {
  const { workspaceDir, config, runtime } = await loadInspectionContext({
    workspace,
    configPath: flags.config,
    context,
  });
  const store = await readSkillParseCacheStore({ fs: runtime.fs, stateDir: runtime.stateDir });
  const funnel = await loadSkillsFunnel({
    workspaceDir,
    config,
    runtime,
    cwd: context.host.cwd,
    parseCache: store.cache,
  });
  // One write for all diagnostics: a thousand skills can carry hundreds of warnings.
  const diagnostics = funnel.discovered.diagnostics.map((item) => `${item.severity}: ${formatDiagnostic(item)}\n`);
  if (diagnostics.length > 0) context.host.stderr(diagnostics.join(""));
  if (flags.json === true) {
    context.host.stdout(`${JSON.stringify(funnel.report, null, 2)}\n`);
  } else {
    // Only the table needs cli-table3: `--json` does not load it.
    const { formatSkillsReportTable } = await import("../skills/format-skills-report-table.js");
    const table = formatSkillsReportTable(funnel.report, {
      maxSkillsPromptChars: funnel.plan.limits.maxSkillsPromptChars,
      overrides: funnel.merged.overridden,
    });
    context.host.stdout(table.endsWith("\n") ? table : `${table}\n`);
  }
  const problem = await writeSkillParseCacheStore({
    fs: runtime.fs,
    stateDir: runtime.stateDir,
    store,
    now: runtime.now(),
  });
  if (problem !== undefined) context.host.stderr(`warning: ${problem}\n`);
  return EXIT.ok;
}
