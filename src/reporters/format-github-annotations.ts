import type { RunResult, UnitResult } from "../domain/index.js";
import { describeFailure } from "./list-failures.js";
import { formatInjectedFault, listInjectedFaults } from "./list-injected-faults.js";

/** GitHub shows at most a few annotations per step; each message is cut to this many chars. */
const MAX_MESSAGE_CHARS = 4000;

/** A workflow command's message: `%`, CR and LF escaped. */
export function escapeGithubData(text: string): string {
  return text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

/** A workflow command's property value: as {@link escapeGithubData}, plus `:` and `,`. */
export function escapeGithubProperty(text: string): string {
  return escapeGithubData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}

/**
 * The best line for a unit's annotation. An errored unit: the first turn with an error, else
 * the last turn it played (a timeout). A failed one: its first failed expectation. Else none.
 */
function annotationLine(unit: UnitResult): number | undefined {
  if (unit.status === "errored") {
    const errored = unit.turns.find((turn) => turn.error !== undefined) ?? unit.turns.at(-1);
    if (errored?.location !== undefined) return errored.location.line;
  }
  for (const turn of unit.turns) {
    const failed = turn.expectations.find((expectation) => !expectation.pass);
    if (failed !== undefined) return failed.location.line;
  }
  return undefined;
}

function annotationMessage(unit: UnitResult): string {
  const failure = describeFailure(unit);
  const errors = [...failure.turnErrors, ...(failure.unitError === undefined ? [] : [failure.unitError])];
  const expectations = failure.expectations.map(
    ({ turnIndex, expectation }) => `turn ${turnIndex + 1} ${expectation.type}: ${expectation.message}`,
  );
  const lines = [
    ...(unit.status === "errored" ? [...errors, ...expectations] : [...expectations, ...errors]),
    ...failure.golden.map((check) => `golden ${check.file}: ${check.status}`),
    ...listInjectedFaults(unit).map((fault) => `turn ${fault.turnIndex + 1} ${formatInjectedFault(fault)}`),
  ];
  const text = lines.length > 0 ? lines.join("\n") : unit.status;
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS - 1)}…` : text;
}

/**
 * One GitHub Actions `::error` workflow command per failed or errored unit, in run order:
 * `::error file=<scenario file>,line=<line>,title=<unit id> <status>::<what went wrong>`, the
 * line being the erroring turn's for an errored unit, else the first failed expectation's
 * (omitted when unknown); the message leads with the errors of an errored unit.
 * Properties and message are escaped as GitHub requires. Empty when nothing failed. Pure.
 */
export function formatGithubAnnotations(result: RunResult): string {
  const commands = result.units
    .filter((unit) => unit.status === "failed" || unit.status === "errored")
    .map((unit) => {
      const line = annotationLine(unit);
      const properties = [
        `file=${escapeGithubProperty(unit.file)}`,
        ...(line === undefined ? [] : [`line=${line}`]),
        `title=${escapeGithubProperty(`${unit.unitId} ${unit.status}`)}`,
      ];
      return `::error ${properties.join(",")}::${escapeGithubData(annotationMessage(unit))}\n`;
    });
  return commands.join("");
}
