import { type MessageOrigin, type MessageOriginFile, OWNER_ORIGIN } from "../domain/index.js";

export interface ResolveMessageOriginOptions {
  /** The scenario's `from:`. */
  scenario?: MessageOriginFile | undefined;
  /** The turn's `from:`. */
  turn?: MessageOriginFile | undefined;
}

/** Which `from:` a resolved `id` or `owner` was written in (absent: the default). */
export type OriginLevel = "scenario" | "turn";

export interface ResolvedMessageOrigin {
  origin: MessageOrigin;
  idFrom?: OriginLevel;
  ownerFrom?: OriginLevel;
}

/**
 * The origin of a user turn's message. The turn's `from:` overrides the scenario's key by key,
 * except that a turn naming another `chat` than the scenario's does not inherit the scenario's
 * `id`, and `owner` belongs with `sender`: a turn naming a sender gets `owner` from its own
 * `from:` (default: the sender is `owner`). Defaults: chat `direct`, channel `scenario`,
 * sender `owner`. No `from:` at all gives {@link OWNER_ORIGIN}. Whether the result is complete
 * (a group has an id, a direct chat none) is `checkScenarioRelations`' concern. Pure.
 */
export function resolveMessageOrigin(options: ResolveMessageOriginOptions): ResolvedMessageOrigin {
  const { scenario = {}, turn = {} } = options;
  if (options.scenario === undefined && options.turn === undefined) return { origin: OWNER_ORIGIN };
  const chat = turn.chat ?? scenario.chat ?? "direct";
  const inheritsId = turn.chat === undefined || turn.chat === (scenario.chat ?? "direct");
  const idFrom: OriginLevel | undefined =
    turn.id !== undefined ? "turn" : inheritsId && scenario.id !== undefined ? "scenario" : undefined;
  const id = idFrom === "turn" ? turn.id : idFrom === "scenario" ? scenario.id : undefined;
  const sender = turn.sender ?? scenario.sender ?? "owner";
  const ownerFrom: OriginLevel | undefined =
    turn.owner !== undefined || turn.sender !== undefined
      ? "turn"
      : scenario.owner !== undefined || scenario.sender !== undefined
        ? "scenario"
        : undefined;
  const written = ownerFrom === "turn" ? turn : ownerFrom === "scenario" ? scenario : {};
  const owner = written.owner ?? sender === "owner";
  const origin: MessageOrigin = {
    chat,
    channel: turn.channel ?? scenario.channel ?? "scenario",
    ...(id === undefined ? {} : { id }),
    sender,
    owner,
  };
  return {
    origin,
    ...(idFrom === undefined ? {} : { idFrom }),
    ...(ownerFrom === undefined ? {} : { ownerFrom }),
  };
}
