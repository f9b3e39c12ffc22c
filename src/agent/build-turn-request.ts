import type { ComplianceCategory, Turn } from "../domain/index.js";
import { scenarioApproverService } from "./create-scenario-approver.js";
import { createScenarioMessenger } from "./create-scenario-messenger.js";
import { deliverReply, replyAddressOf } from "./deliver-reply.js";
import type { MainTurnContext, TurnTally } from "./main-turn-context.js";
import type { SessionRunRequest } from "./session-run-types.js";

export interface BuildTurnRequestOptions {
  context: MainTurnContext;
  turn: Turn;
  category: ComplianceCategory | undefined;
  signal: AbortSignal | undefined;
  /** Counts what the `message` tool sends as delivered by the turn. */
  tally: TurnTally;
}

/**
 * The request every run of a turn shares, apart from its input: the turn's origin, its exec
 * approvals and a messenger whose texts reach the chat the turn came from through the main
 * session's delivery hooks.
 */
export function buildTurnRequest(options: BuildTurnRequestOptions): Omit<SessionRunRequest, "input"> {
  const { context, turn, tally } = options;
  const { main, world } = context;
  return {
    turn,
    origin: turn.origin,
    category: options.category,
    signal: options.signal,
    services: {
      ...scenarioApproverService(turn.approvals),
      messenger: createScenarioMessenger({
        deliver: (text, runId) => {
          const base = { runId, sessionKey: main.key };
          const hooks = main.lifecycle.hooksFor(base);
          const to = replyAddressOf(turn.origin);
          return deliverReply({
            text,
            emit: world.emit,
            base,
            hooks,
            via: "message",
            ...(to === undefined ? {} : { to }),
          });
        },
        onSent: (text) => tally.addMessage(text),
        origin: turn.origin,
      }),
    },
  };
}
