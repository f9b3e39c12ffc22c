import type { ReceivedTurnOutcome } from "../../src/agent/create-agent-session.js";
import type { Message } from "../../src/domain/index.js";
import { playUnitTimeline } from "../../src/runner/play-unit-timeline.js";
import { createTestSession, type TestSession } from "../support/create-test-session.js";
import { planOneUnit } from "../support/plan-one-unit.js";
import { makeTempDir } from "../support/run-cli.js";

export interface PlayedScenario extends TestSession {
  /** Each turn's settled outcome, by turn index. */
  outcomes: ReceivedTurnOutcome[];
}

/**
 * Plays a YAML scenario on a real agent session (scripted model, virtual clock) with the
 * runner's timeline; `events` keeps the session's whole event stream in emission order.
 */
export async function playScenarioSession(
  lines: readonly string[],
  files: Record<string, string> = {},
): Promise<PlayedScenario> {
  const unit = await planOneUnit(makeTempDir(), lines);
  const test = createTestSession({ config: unit.scenario.config, files, maxSteps: 10 });
  const outcomes: ReceivedTurnOutcome[] = [];
  await playUnitTimeline({
    unit,
    session: test.session,
    runtime: test.runtime,
    signal: new AbortController().signal,
    onSettled: async (turn, outcome) => {
      outcomes[turn.index] = outcome;
      return { stop: false };
    },
  });
  return { ...test, outcomes };
}

/** The text of the last user message of a model request's messages ("" without one). */
export function lastUserText(messages: readonly Message[]): string {
  const last = messages.findLast((message) => message.role === "user");
  return last?.role === "user" ? last.content : "";
}
