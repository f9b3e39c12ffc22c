import type { EventSink, Messenger } from "../domain/index.js";

/** The one channel of a scenario run; its owner is the only recipient (DESIGN.md). */
export const SCENARIO_CHANNEL = "scenario";

const CURRENT_CHANNEL_TARGETS = new Set([SCENARIO_CHANNEL, "last", "current"]);

export interface ScenarioMessengerOptions {
  sessionKey: string;
  emit: EventSink;
  /** Called with each sent text, in order (the turn's delivered texts). */
  onSent(text: string): void;
}

/**
 * The messenger behind the `message` tool in a scenario: the current conversation is the
 * synthetic `scenario` channel, so a send with no target (or `scenario`, `last`, `current`)
 * is delivered there as written and emits `delivery {status: "sent"}`; any other target is an
 * error the model sees.
 */
export function createScenarioMessenger(options: ScenarioMessengerOptions): Messenger {
  return {
    async send({ text, target, runId }) {
      if (target !== undefined && !CURRENT_CHANNEL_TARGETS.has(target.toLowerCase())) {
        return {
          status: "error",
          error: `Unknown target "${target}": this conversation has one channel, "${SCENARIO_CHANNEL}"; omit target to reply here`,
        };
      }
      options.emit({ runId: runId ?? "", sessionKey: options.sessionKey, type: "delivery", status: "sent", text });
      options.onSent(text);
      return { status: "sent", channel: SCENARIO_CHANNEL, text };
    },
  };
}
