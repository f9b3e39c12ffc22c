/**
 * Every reporter `--reporter` accepts, in the order they print and their files are written.
 * `console`, `dot` and `github` print to stdout; the others write a file of the run folder.
 */
export const REPORTER_NAMES = ["console", "dot", "github", "json", "junit", "markdown", "html"] as const;

export type ReporterName = (typeof REPORTER_NAMES)[number];

/** The reporters of a run without `--reporter` (`github` joins them under GitHub Actions). */
export const DEFAULT_REPORTERS: readonly ReporterName[] = ["console", "json", "junit", "markdown", "html"];

export function isReporterName(value: string): value is ReporterName {
  return (REPORTER_NAMES as readonly string[]).includes(value);
}

/**
 * The reporters used when `--reporter` is not given: {@link DEFAULT_REPORTERS}, plus `github`
 * when `GITHUB_ACTIONS=true` (as GitHub sets it in every workflow step). Pure.
 */
export function defaultReporters(env: Readonly<Record<string, string>>): ReporterName[] {
  return env.GITHUB_ACTIONS === "true" ? [...DEFAULT_REPORTERS, "github"] : [...DEFAULT_REPORTERS];
}
