import { explainExcludedSkills } from "../skills/explain-excluded-skills.js";
import { formatSkillDiagnostics } from "../skills/format-skill-diagnostics.js";
import { loadSkillsFunnel } from "../skills/load-skills-funnel.js";
import { readSkillParseCacheStore, writeSkillParseCacheStore } from "../skills/skill-parse-cache-store.js";
import { type CommandContext, EXIT } from "./command-context.js";
import { loadInspectionContext } from "./load-inspection-context.js";

/**
 * `claw-eval skills <workspace>`: the skills funnel of a workspace read in place (discovered,
 * loaded and skipped per source, overridden, ineligible, dropped, prompt size against the
 * budget), as a table or as the JSON report with `--json`. Each ineligible skill is named with
 * what it lacks (in the JSON with `--verbose`, as `excluded[].missing`). Skill-file warnings of
 * one kind are summarised unless `--verbose`; errors are always listed, and with `--strict`
 * they make the exit code 1. Parse results persist in the state dir (keyed by path, size and
 * mtime), so unchanged SKILL.md files are not read again.
 */
export async function skillsCommand(
  workspace: string,
  flags: { config?: string; json?: boolean; verbose?: boolean; strict?: boolean },
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
  const diagnostics = funnel.discovered.diagnostics;
  const lines = formatSkillDiagnostics(diagnostics, { verbose: flags.verbose === true });
  // One write for all diagnostics: a thousand skills can carry hundreds of warnings.
  if (lines.length > 0) context.host.stderr(lines.map((line) => `${line}\n`).join(""));
  const explain = () =>
    explainExcludedSkills({ report: funnel.report, entries: funnel.merged.entries, missing: funnel.plan.missing });
  if (flags.json === true) {
    // The contract's document unless asked for more: `--verbose` adds `excluded[].missing`.
    const report = flags.verbose === true ? { ...funnel.report, excluded: explain() } : funnel.report;
    context.host.stdout(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    // Only the table needs cli-table3: `--json` does not load it.
    const { formatSkillsReportTable } = await import("../skills/format-skills-report-table.js");
    const table = formatSkillsReportTable(funnel.report, {
      maxSkillsPromptChars: funnel.plan.limits.maxSkillsPromptChars,
      overrides: funnel.merged.overridden,
      excluded: explain(),
      platform: runtime.platform.platform,
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
  const broken = new Set(diagnostics.filter((item) => item.severity === "error").map((item) => item.file));
  if (flags.strict !== true || broken.size === 0) return EXIT.ok;
  const files = broken.size === 1 ? "1 skill file has errors" : `${broken.size} skill files have errors`;
  context.host.stderr(`error: --strict: ${files} (listed above)\n`);
  return EXIT.failed;
}
