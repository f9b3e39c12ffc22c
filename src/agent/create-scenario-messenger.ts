import type { MessageOrigin, Messenger } from "../domain/index.js";
import { OWNER_ORIGIN } from "../domain/index.js";
import { replyAddressOf, SCENARIO_CHANNEL } from "./deliver-reply.js";

export interface ScenarioMessengerOptions {
  /**
   * Sends one text to the current chat for run `runId` (hooks `message_sending` /
   * `message_sent`, `delivery` event); resolves the delivered text, or `null` when a hook cancelled.
   */
  deliver(text: string, runId: string): Promise<string | null>;
  /** Called with each sent text, in order (the turn's delivered texts). */
  onSent(text: string): void;
  /** Where the run's message came from (default: the owner's direct chat on the scenario channel). */
  origin?: MessageOrigin;
}

/** The targets that name the current chat of `origin`: its channel, its address, `last`, `current`. */
function currentChatTargets(origin: MessageOrigin): Set<string> {
  const targets = [SCENARIO_CHANNEL, "last", "current", origin.channel, replyAddressOf(origin)];
  return new Set(targets.filter((target) => target !== undefined).map((target) => target.trim().toLowerCase()));
}

/**
 * The messenger behind the `message` tool in a scenario: the only reachable conversation is the
 * chat the message came from (the synthetic `scenario` channel unless the turn says otherwise;
 * a group's messages go to the group). A send with no target, or a target naming that chat
 * (`scenario`, `last`, `current`, its channel or address), is delivered there as written; any
 * other target is an error the model sees.
 */
export function createScenarioMessenger(options: ScenarioMessengerOptions): Messenger {
  const origin = options.origin ?? OWNER_ORIGIN;
  const targets = currentChatTargets(origin);
  const here = replyAddressOf(origin) ?? origin.channel;
  return {
    async send({ text, target, runId }) {
      if (target !== undefined && !targets.has(target.trim().toLowerCase())) {
        return {
          status: "error",
          error: `Unknown target "${target}": this conversation has one channel, "${here}"; omit target to reply here`,
        };
      }
      const delivered = await options.deliver(text, runId ?? "");
      if (delivered === null) return { status: "skipped", reason: "hook-cancel" };
      options.onSent(delivered);
      return { status: "sent", channel: origin.channel, text: delivered };
    },
  };
}
