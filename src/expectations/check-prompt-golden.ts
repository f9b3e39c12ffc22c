import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";

/**
 * The turn's system prompt equals the golden file after normalisation. The comparison (and,
 * in update mode, the write) is the runner's injected `checkPromptGolden`; without it the
 * expectation fails.
 */
export async function checkPromptGolden(
  expectation: ExpectationOf<"prompt-golden">,
  context: ExpectationContext,
): Promise<ExpectationResult> {
  const base = { type: expectation.type, location: expectation.location };
  if (context.checkPromptGolden === undefined) {
    return {
      ...base,
      pass: false,
      message: "prompt-golden needs the runner's golden checker (run the scenario with claw-eval run)",
      expected: expectation.file,
    };
  }
  const outcome = await context.checkPromptGolden({
    file: expectation.file,
    systemPrompt: context.result.systemPrompt,
  });
  return {
    ...base,
    pass: outcome.pass,
    message: outcome.message,
    expected: outcome.expected,
    ...(outcome.actual === undefined ? {} : { actual: outcome.actual }),
  };
}
