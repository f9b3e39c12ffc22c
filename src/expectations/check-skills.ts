import type { AgentEventOf, ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatList } from "./format-value.js";

type SkillsEvent = AgentEventOf<"skills_snapshot">;

/** The skills funnel of the turn's main session (the last snapshot event of the turn). */
function skillsOf(context: ExpectationContext): SkillsEvent | undefined {
  const events = context.result.events.filter((event): event is SkillsEvent => event.type === "skills_snapshot");
  return events.at(-1);
}

const NO_SNAPSHOT = "no skills snapshot was recorded for this turn";

/** `skills-included`: every named skill is in the catalog the model saw. */
export function checkSkillsIncluded(
  expectation: ExpectationOf<"skills-included">,
  context: ExpectationContext,
): ExpectationResult {
  const skills = skillsOf(context);
  const included = skills?.included ?? [];
  const missing = expectation.names.filter((name) => !included.includes(name));
  const base = { type: expectation.type, location: expectation.location, expected: formatList(expectation.names) };
  if (skills === undefined) return { ...base, pass: false, message: NO_SNAPSHOT, actual: "no snapshot" };
  if (missing.length === 0)
    return {
      ...base,
      pass: true,
      message: `skills-included ${formatList(expectation.names)}`,
      actual: formatList(included),
    };
  const why = missing.map((name) => {
    const reason =
      skills.excluded.find((entry) => entry.name === name)?.reason ??
      skills.dropped.find((entry) => entry.name === name)?.reason ??
      "not discovered";
    return `${name} (${reason})`;
  });
  return {
    ...base,
    pass: false,
    message: `skills not in the catalog: ${why.join(", ")}`,
    actual: formatList(included),
  };
}

/** `skills-excluded`: every named skill is absent from the catalog, for the given reason when one is named. */
export function checkSkillsExcluded(
  expectation: ExpectationOf<"skills-excluded">,
  context: ExpectationContext,
): ExpectationResult {
  const skills = skillsOf(context);
  const expected = expectation.skills.map((entry) => (entry.reason ? `${entry.name} (${entry.reason})` : entry.name));
  const base = { type: expectation.type, location: expectation.location, expected: expected.join(", ") };
  if (skills === undefined) return { ...base, pass: false, message: NO_SNAPSHOT, actual: "no snapshot" };
  const reasonOf = (name: string) =>
    skills.excluded.find((entry) => entry.name === name)?.reason ??
    skills.dropped.find((entry) => entry.name === name)?.reason;
  const problems: string[] = [];
  for (const entry of expectation.skills) {
    if (skills.included.includes(entry.name)) problems.push(`${entry.name} is in the catalog`);
    else if (entry.reason !== undefined && reasonOf(entry.name) !== entry.reason) {
      problems.push(
        `${entry.name} is absent for ${reasonOf(entry.name) ?? "not being discovered"}, not ${entry.reason}`,
      );
    }
  }
  const actual = expectation.skills
    .map((entry) =>
      skills.included.includes(entry.name)
        ? `${entry.name} (included)`
        : `${entry.name} (${reasonOf(entry.name) ?? "not discovered"})`,
    )
    .join(", ");
  if (problems.length === 0) return { ...base, pass: true, message: `skills-excluded ${expected.join(", ")}`, actual };
  return { ...base, pass: false, message: problems.join("; "), actual };
}

/** `skills-truncated`: whether the catalog was cut by the count limit or the char budget. */
export function checkSkillsTruncated(
  expectation: ExpectationOf<"skills-truncated">,
  context: ExpectationContext,
): ExpectationResult {
  const skills = skillsOf(context);
  const base = { type: expectation.type, location: expectation.location, expected: String(expectation.value) };
  if (skills === undefined) return { ...base, pass: false, message: NO_SNAPSHOT, actual: "no snapshot" };
  const actual = `${skills.truncated} (${skills.included.length} included, ${skills.promptChars} chars)`;
  if (skills.truncated === expectation.value)
    return { ...base, pass: true, message: `skills-truncated ${expectation.value}`, actual };
  return {
    ...base,
    pass: false,
    message: expectation.value ? "the skills catalog was not truncated" : "the skills catalog was truncated",
    actual,
  };
}
