import { Command, CommanderError } from "commander";
import { TOOL_VERSION } from "../domain/tool-version.js";
import { EXIT, UsageError } from "./command-context.js";
import { createCommandContext, type ProcessContext } from "./create-command-context.js";
import { collect } from "./parse-options.js";
import { addRunOptions, CONFIG_SETTINGS } from "./run-option-table.js";

/**
 * Runs the CLI for `argv` (without node and script) and resolves the exit code. Never throws.
 * Everything it prints passes through the context's secret redactor.
 * Each command's module is imported when that command runs, so `claw-eval skills` does not
 * pay for loading the runner, SDKs and reporters.
 */
export async function runCli(argv: readonly string[], edge: ProcessContext): Promise<number> {
  const context = createCommandContext(edge);
  let exitCode: number = EXIT.ok;
  const program = new Command()
    .name("claw-eval")
    .description("Test bench for OpenClaw-style agent runtimes")
    .version(TOOL_VERSION)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.host.stdout(text),
      writeErr: (text) => context.host.stderr(text),
    });

  addRunOptions(
    program
      .command("run")
      .description("run scenarios against models and check their expectations")
      .argument("[paths...]", CONFIG_SETTINGS.paths.description),
    "run",
  ).action(async (paths: string[], flags) => {
    exitCode = await (await import("./run-command.js")).runCommand(paths, flags, context);
  });

  addRunOptions(
    program
      .command("compare")
      .description("run scenarios against several models and compare their compliance, with confidence intervals")
      .argument("[paths...]", CONFIG_SETTINGS.paths.description),
    "compare",
  ).action(async (paths: string[], flags) => {
    exitCode = await (await import("./compare-command.js")).compareCommand(paths, flags, context);
  });

  program
    .command("golden")
    .description("check golden prompt files, or update them (never with CI=true)")
    .argument("<action>", "check | update")
    .argument("[paths...]", "scenario files, folders or globs (default: scenarios/)")
    .action(async (action: string, paths: string[]) => {
      exitCode = await (await import("./golden-command.js")).goldenCommand(action, paths, context);
    });

  program
    .command("prompt")
    .description("print the system prompt assembled for a workspace (read in place)")
    .argument("<workspace>", "workspace folder")
    .option("--mode <mode>", "full | minimal (a sub-agent session) | none", "full")
    .option("--config <file>", "openclaw.json-shaped config (default: <state dir>/openclaw.json when present)")
    .option("--tools <names>", "comma-separated final tool list (replaces the default list)")
    .option("--json", "print the JSON report: headings, sections with chars and tokens, context files")
    .action(async (workspace: string, flags) => {
      exitCode = await (await import("./prompt-command.js")).promptCommand(workspace, flags, context);
    });

  program
    .command("skills")
    .description("explain a workspace's skills funnel: discovered, loaded, skipped, overridden, excluded, dropped")
    .argument("<workspace>", "workspace folder (read in place)")
    .option("--config <file>", "openclaw.json-shaped config (default: <state dir>/openclaw.json when present)")
    .option("--json", "print the JSON report")
    .option("--verbose", "list every skill-file warning (not one line per kind); with --json, add excluded[].missing")
    .option("--strict", "exit 1 when any skill file has an error (for example malformed frontmatter)")
    .action(async (workspace: string, flags) => {
      exitCode = await (await import("./skills-command.js")).skillsCommand(workspace, flags, context);
    });

  program
    .command("memory")
    .description(
      "search an agent's memory index over a workspace and explain each hit's score, or (--eval) measure retrieval quality on labelled queries",
    )
    .argument("<workspace>", "workspace folder (read in place)")
    .option("--query <q>", "the text to search for (required unless --eval)")
    .option("--eval <queries.jsonl>", 'labelled queries, one {"query", "relevant": [path | path#La-Lb]} per line')
    .option("--k <n>", "with --eval: cut-off rank (default: memorySearch.query.maxResults, 6)")
    .option("--min-recall <x>", "with --eval: exit 1 when the configured variant's recall@k is below x (0 to 1)")
    .option("--as-of <date>", "with --eval: measure note ages from this date (default: now), e.g. 2026-03-15")
    .option("--config <file>", "openclaw.json-shaped config (default: <state dir>/openclaw.json when present)")
    .option("--max-results <n>", "results to keep (default: memorySearch.query.maxResults, 6)")
    .option("--min-score <s>", "minimum final score, 0 to 1 (default: memorySearch.query.minScore, 0.35)")
    .option("--agent <id>", "agent whose index and settings to use", "main")
    .option("--json", "print the JSON report")
    .action(async (workspace: string, flags) => {
      exitCode = await (await import("./memory-command.js")).memoryCommand(workspace, flags, context);
    });

  program
    .command("bench")
    .description(
      "run the benchmark suites (runner, prompt, skills, context, scenarios, memory, time) and print their tables",
    )
    .option("--skills <sizes>", "skills suite at these sizes (default 100,300,1000; e.g. 100,1000,5000)")
    .option("--chunks <sizes>", "memory suite at these chunk counts (default 1000,10000; e.g. 1000,10000,100000)")
    .option("--out <dir>", "reports folder; the skills chart goes to <dir>/bench/ (default: reports/)")
    .option(
      "--suite <name>",
      "runner | prompt | skills | context | scenarios | memory, repeatable (default: all)",
      collect,
    )
    .option("--check", "measure the speed targets side by side; exit 1 when one is missed")
    .action(async (flags) => {
      exitCode = await (await import("./bench-command.js")).benchCommand(flags, context);
    });

  program
    .command("history")
    .description("list the runs recorded in <out>/history.sqlite with pass rates per model and their trend")
    .option("--out <dir>", "report folder holding history.sqlite (default: reports/)")
    .option("--json", "print the JSON report")
    .action(async (flags) => {
      exitCode = await (await import("./history-command.js")).historyCommand(flags, context);
    });

  program
    .command("merge")
    .description("combine shard results.json files into one report")
    .argument("<files...>", "results.json files")
    .option("--out <dir>", "report folder (default: reports/)")
    .option(
      "--reporter <name>",
      "reporters, repeatable (default: all but dot and github; github too when GITHUB_ACTIONS=true)",
      collect,
    )
    .action(async (files: string[], flags) => {
      exitCode = await (await import("./merge-command.js")).mergeCommand(files, flags, context);
    });

  program
    .command("init")
    .description(
      "scaffold scenarios, a fixture workspace, package.json and a CI workflow (existing files are never overwritten)",
    )
    .argument("[dir]", "target directory (default: .)")
    .option(
      "--from <source>",
      "where npm gets claw-eval: a folder, a .tgz or a git URL (default: this claw-eval's folder)",
    )
    .action(async (directory: string | undefined, flags: { from?: string }) => {
      exitCode = await (await import("./init-command.js")).initCommand(directory, flags, context);
    });

  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.invalid;
    }
    if (error instanceof UsageError) {
      context.host.stderr(`claw-eval: ${error.message}\n`);
      return EXIT.invalid;
    }
    context.host.stderr(
      `claw-eval: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return EXIT.incomplete;
  }
}
