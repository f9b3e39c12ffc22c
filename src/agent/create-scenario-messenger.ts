import type { Messenger } from "../domain/index.js";

import { SCENARIO_CHANNEL } from "./deliver-reply.js";

const CURRENT_CHANNEL_TARGETS = new Set([SCENARIO_CHANNEL, "last", "current"]);

export interface ScenarioMessengerOptions {
  /**
   * Sends one text on the scenario channel for run `runId` (hooks `message_sending` /
   * `message_sent`, `delivery` event); resolves the delivered text, or `null` when a hook cancelled.
   */
  deliver(text: string, runId: string): Promise<string | null>;
  /** Called with each sent text, in order (the turn's delivered texts). */
  onSent(text: string): void;
}

/**
 * The messenger behind the `message` tool in a scenario: the current conversation is the
 * synthetic `scenario` channel, so a send with no target (or `scenario`, `last`, `current`)
 * is delivered there as written; any other target is an error the model sees.
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
      const delivered = await options.deliver(text, runId ?? "");
      if (delivered === null) return { status: "skipped", reason: "hook-cancel" };
      options.onSent(delivered);
      return { status: "sent", channel: SCENARIO_CHANNEL, text: delivered };
    },
  };
}
