import { type ConsoleReporter, type ConsoleReporterOptions, createConsoleReporter } from "./console-reporter.js";
import { decideColor } from "./decide-color.js";
import { createDotReporter } from "./dot-reporter.js";
import { formatGithubAnnotations } from "./format-github-annotations.js";
import { REPORTER_NAMES, type ReporterName } from "./reporter-names.js";

/** Makes a reporter that prints to standard output as the run goes. */
export type StdoutReporterFactory = (options: ConsoleReporterOptions) => ConsoleReporter;

/** The `github` reporter: GitHub Actions `::error` commands for the failed units, at the end. */
function createGithubReporter(options: ConsoleReporterOptions): ConsoleReporter {
  return {
    onRunStart() {},
    onUnitEnd() {},
    onRunEnd(result) {
      options.write(formatGithubAnnotations(result));
    },
  };
}

/** Every reporter and how it prints to stdout; `null` for reporters that only write a file. */
export const STDOUT_REPORTERS: Record<ReporterName, StdoutReporterFactory | null> = {
  console: createConsoleReporter,
  dot: createDotReporter,
  github: createGithubReporter,
  json: null,
  junit: null,
  markdown: null,
  html: null,
};

export interface CreateStdoutReporterOptions {
  reporters: readonly ReporterName[];
  /** The host's stdout, env and terminal flag. */
  host: { stdout(text: string): void; env: Readonly<Record<string, string>>; isInteractive: boolean };
  /** A live progress line; default: when stdout is a terminal. */
  interactive?: boolean;
  /** The command, as the console reporter's first line names it (default `run`). */
  command?: string;
}

/**
 * The selected stdout reporters as one, in {@link REPORTER_NAMES} order; `undefined` when none
 * is selected. Colour is decided once, by {@link decideColor} over the host's env and terminal.
 */
export function createStdoutReporter(options: CreateStdoutReporterOptions): ConsoleReporter | undefined {
  const { host } = options;
  const shared: ConsoleReporterOptions = {
    write: host.stdout,
    interactive: options.interactive ?? host.isInteractive,
    color: decideColor({ env: host.env, isTerminal: host.isInteractive }),
    ...(options.command === undefined ? {} : { command: options.command }),
  };
  const reporters = REPORTER_NAMES.filter((name) => options.reporters.includes(name)).flatMap((name) => {
    const create = STDOUT_REPORTERS[name];
    return create === null ? [] : [create(shared)];
  });
  if (reporters.length === 0) return undefined;
  if (reporters.length === 1) return reporters[0];
  return {
    onRunStart: (info) => {
      for (const reporter of reporters) reporter.onRunStart(info);
    },
    onUnitEnd: (unit, progress) => {
      for (const reporter of reporters) reporter.onUnitEnd(unit, progress);
    },
    onRunEnd: (result) => {
      for (const reporter of reporters) reporter.onRunEnd(result);
    },
  };
}
