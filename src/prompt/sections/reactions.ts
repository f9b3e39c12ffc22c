import { FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

const MINIMAL_GUIDANCE = [
  "React rarely and only with purpose:",
  "- to acknowledge an important request or a confirmation",
  "- now and then, to show genuine sentiment",
  "- never on routine messages or on your own replies",
  "Guideline: at most 1 reaction per 5–10 exchanges.",
];

const EXTENSIVE_GUIDANCE = [
  "React wherever it feels natural:",
  "- to acknowledge messages",
  "- to show sentiment and personality",
  "- to respond to interesting or funny content",
  "- to signal understanding or agreement",
];

function render(context: SectionContext) {
  const guidance = context.reactionGuidance;
  if (guidance === undefined) return undefined;
  const extensive = guidance.level === "extensive";
  const level = extensive ? "EXTENSIVE" : "MINIMAL";
  const body = [
    `Reactions are enabled for ${guidance.channel} at level ${level}.`,
    ...(extensive ? EXTENSIVE_GUIDANCE : MINIMAL_GUIDANCE),
  ];
  return { heading: "## Reactions", elements: [body.join("\n")] };
}

/** `## Reactions` (spec/prompt.md §6.21): when reaction guidance is given. */
export const reactionsSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
