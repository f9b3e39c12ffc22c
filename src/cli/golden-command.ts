import { isCiEnvironment } from "../golden/index.js";
import { createModel } from "../models/create-model.js";
import { findObsoleteGoldenFiles, goldenFilesOf } from "../runner/find-obsolete-golden-files.js";
import { importModule } from "../runner/import-module.js";
import { planUnits } from "../runner/plan-units.js";
import { runSuite } from "../runner/run-suite.js";
import { loadScenarios } from "../scenarios/load-scenarios.js";
import { applyGoldenUpdate } from "./apply-golden-update.js";
import { type CommandContext, EXIT, UsageError } from "./command-context.js";
import { formatGoldenReport } from "./format-golden-report.js";
import { printDiagnostics } from "./run-command.js";

export type GoldenAction = "check" | "update";

const CI_REFUSAL =
  "claw-eval golden update: CI=true, and golden files are never written in CI.\n" +
  "Use `claw-eval golden check` in CI; run `claw-eval golden update` locally (CI unset) and commit the files.\n";

/**
 * `claw-eval golden check|update [paths..]` (default `scenarios/`): runs every scenario that has a
 * golden check (`golden.systemPrompt` or `prompt-golden`) once per model, as `run` would, and
 * reports only the golden checks; no report files are written. `update` writes missing and
 * different golden files and, when no paths are given, removes the golden files no scenario uses
 * (each one printed). Exit 1 when a check fails (or a unit ends before reaching one), and
 * always for `update` with `CI=true`, which writes nothing and runs nothing.
 */
export async function goldenCommand(action: string, paths: string[], context: CommandContext): Promise<number> {
  const { host } = context;
  if (action !== "check" && action !== "update") {
    throw new UsageError(`golden: expected check or update, found "${action}"`);
  }
  const ci = isCiEnvironment(host.env);
  if (action === "update" && ci) {
    host.stderr(CI_REFUSAL);
    return EXIT.failed;
  }
  const inputs = paths.length > 0 ? paths : ["scenarios/"];
  const loaded = await loadScenarios({ paths: inputs, cwd: host.cwd });
  printDiagnostics(context, loaded.diagnostics);
  if (loaded.diagnostics.some((diagnostic) => diagnostic.severity === "error")) return EXIT.invalid;
  const units = planUnits(
    loaded.scenarios.filter((scenario) => goldenFilesOf(scenario).length > 0),
    { repeat: 1 },
  );
  if (units.length === 0) {
    host.stderr(
      `No golden checks in ${inputs.join(", ")}: no scenario sets golden.systemPrompt or a prompt-golden expectation.\n`,
    );
    return EXIT.invalid;
  }
  const modelIds = [...new Set(units.map((unit) => unit.model))].sort();
  for (const id of modelIds) {
    const created = createModel(id);
    if (!created.ok) throw new UsageError(created.error);
  }
  const obsoleteGolden = await findObsoleteGoldenFiles({ scenarios: loaded.scenarios, fs: host.fs, cwd: host.cwd });
  const result = await runSuite({
    units,
    host,
    runId: `golden-${action}`,
    signal: context.signal,
    importModule,
    diagnostics: loaded.diagnostics,
    golden: { mode: action, ci },
    obsoleteGolden,
    record: { paths: inputs, models: modelIds, repeat: 1, concurrency: host.cpuCount, bail: false },
  });
  // `update` of the whole suite (no paths given) also removes golden files no scenario uses.
  const reported =
    action === "update"
      ? await applyGoldenUpdate({ result, context, removeObsolete: paths.length === 0, printWritten: false })
      : result;
  const report = formatGoldenReport({
    result: reported,
    scenarios: units.map((unit) => unit.scenario),
    cwd: host.cwd,
    action,
  });
  host.stdout(report.text);
  if (result.status !== "completed") return EXIT.incomplete;
  return report.failed > 0 ? EXIT.failed : EXIT.ok;
}
