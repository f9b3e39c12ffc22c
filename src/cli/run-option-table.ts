import type { Command } from "commander";
import { collect } from "./parse-options.js";

/** The commands that share the run options. */
export type RunCommandName = "run" | "compare";

/** Every key a `claw-eval.config.{json,yaml,mjs}` file may set: defaults of `run` and `compare`. */
export const CONFIG_KEYS = [
  "paths",
  "models",
  "repeat",
  "concurrency",
  "timeout",
  "reporters",
  "out",
  "cassettes",
  "faults",
  "stream",
] as const;

export type ConfigKey = (typeof CONFIG_KEYS)[number];

export interface ConfigSetting {
  /** The command-line option that overrides the key (`undefined` for the positional paths). */
  flags: string | undefined;
  /** What the key and its option mean, and their default; the help text and the docs say this. */
  description: string;
  /** `compare`'s own wording, when it differs. */
  compareDescription?: string;
  repeatable?: boolean;
}

/**
 * The one table of the config file keys: which option each one sets a default for, what it
 * means and its default. The command line wins over the file, the file over these defaults.
 */
export const CONFIG_SETTINGS: Readonly<Record<ConfigKey, ConfigSetting>> = {
  paths: { flags: undefined, description: "scenario files, folders or globs (default: scenarios/)" },
  models: {
    flags: "-m, --model <id>",
    description: "model id, repeatable (overrides each scenario's models)",
    compareDescription: "model id, repeatable; at least two",
    repeatable: true,
  },
  repeat: {
    flags: "--repeat <n>",
    description: "repeat every unit n times",
    compareDescription: "repeat every unit n times (k of pass@k and pass^k)",
  },
  concurrency: { flags: "-j, --concurrency <n>", description: "units run in parallel (default: number of cores)" },
  timeout: { flags: "--timeout <seconds>", description: "per-scenario timeout, in seconds" },
  reporters: {
    flags: "--reporter <name>",
    description:
      "console|dot|github|json|junit|markdown|html, repeatable (default: all but dot and github; github too when GITHUB_ACTIONS=true)",
    repeatable: true,
  },
  out: { flags: "--out <dir>", description: "report folder (default: reports/)" },
  cassettes: {
    flags: "--cassettes <dir>",
    description: "cassette folder (default: cassettes/ beside each scenario file)",
  },
  faults: {
    flags: "--faults <spec>",
    description: "inject model faults: rate=0.2,kinds=429|5xx|timeout|malformed|empty|overflow,seed=7",
  },
  stream: {
    flags: "--stream",
    description:
      "stream every scenario's replies (as `stream: true` does): message_update events behind the silent-token guard",
  },
};

/** The defaults of the keys that have one, used when neither the command line nor a config file sets them. */
export const CONFIG_DEFAULTS = { paths: ["scenarios/"], out: "reports" } as const;

interface FlagOption {
  flags: string;
  description: string;
  /** `compare`'s own wording, when it differs. */
  compareDescription?: string;
  commands: readonly RunCommandName[];
  repeatable?: boolean;
}

/** The run options that no config file sets, and the commands that take each. */
const FLAG_OPTIONS: readonly FlagOption[] = [
  {
    flags: "--filter <text|/re/>",
    description: "only scenarios whose id or name contains this text, or matches /regex/flags",
    commands: ["run", "compare"],
  },
  {
    flags: "--exclude <text|/re/>",
    description: "skip scenarios whose id or name contains this text or matches /regex/flags, repeatable",
    commands: ["run", "compare"],
    repeatable: true,
  },
  {
    flags: "--tag <tag>",
    description: "only scenarios with this tag; '!tag' skips scenarios with it; repeatable",
    commands: ["run", "compare"],
    repeatable: true,
  },
  {
    flags: "--shard <i/n>",
    description: "run the i-th of n deterministic shards",
    compareDescription: "run the i-th of n deterministic shards (merge recomputes the comparison)",
    commands: ["run", "compare"],
  },
  { flags: "--bail", description: "stop starting units after the first failure", commands: ["run", "compare"] },
  { flags: "--record", description: "store live model responses as cassettes", commands: ["run", "compare"] },
  {
    flags: "--replay",
    description: "serve model responses from cassettes, with no network and no API key",
    commands: ["run", "compare"],
  },
  {
    flags: "-u, --update-golden",
    description: "write golden files that are missing or differ and remove obsolete ones (never with CI=true)",
    commands: ["run"],
  },
  {
    flags: "--last-failed",
    description: "run only the units that failed or errored in the latest run in --out",
    commands: ["run", "compare"],
  },
  {
    flags: "--list",
    description: "print the units that would run, one per line, and run nothing",
    commands: ["run", "compare"],
  },
  {
    flags: "--watch",
    description: "after the run, re-run the scenarios whose files change (Ctrl-C ends)",
    commands: ["run", "compare"],
  },
  {
    flags: "--config-file <file>",
    description: "config file (default: the nearest claw-eval.config.{json,yaml,mjs} from the working directory up)",
    commands: ["run", "compare"],
  },
  {
    flags: "--baseline <run-id|latest>",
    description:
      "compare with a run recorded in <out>/history.sqlite and mark regressions (`claw-eval history` lists ids)",
    commands: ["run", "compare"],
  },
  {
    flags: "--fail-on-regression",
    description: "with --baseline: exit 1 only when something regressed, else 0 (even if units fail)",
    commands: ["run", "compare"],
  },
];

/** Adds the options `command` shares with the other run commands, from the tables above. */
export function addRunOptions(command: Command, name: RunCommandName): Command {
  for (const key of CONFIG_KEYS) {
    const setting = CONFIG_SETTINGS[key];
    if (setting.flags === undefined) continue;
    const description = (name === "compare" ? setting.compareDescription : undefined) ?? setting.description;
    if (setting.repeatable) command.option(setting.flags, description, collect);
    else command.option(setting.flags, description);
  }
  for (const option of FLAG_OPTIONS) {
    if (!option.commands.includes(name)) continue;
    const description = (name === "compare" ? option.compareDescription : undefined) ?? option.description;
    if (option.repeatable) command.option(option.flags, description, collect);
    else command.option(option.flags, description);
  }
  return command;
}
