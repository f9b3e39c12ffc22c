import type { z } from "zod";
import { isRecord } from "../domain/index.js";
import { expectationSchema } from "./expectation-schema.js";
import { approvalSchema, scenarioFileSchema, turnSchema } from "./scenario-schema.js";
import { scriptStepSchema, summariesSchema } from "./script-step-schema.js";

/** Top-level keys whose values data-driven cases fill: `{{field}}` elsewhere stays as written. */
export const CASE_KEYS = ["name", "clock", "timezone", "env", "config", "summaries", "turns"] as const;

/**
 * A place (field path with indexes erased) that a case re-validates as one piece when a
 * placeholder lies inside it. `standIn` is a valid value of the place: the file as written is
 * validated with stand-ins there, since its placeholders may be filled with any type.
 */
export interface CaseUnitPlace {
  schema: z.ZodType;
  /** `undefined` for an optional key: the file is then validated without it. */
  standIn: unknown;
  /**
   * A narrower schema that accepts the same valid values of this shape (a union's member picked by
   * the value's key), tried first because it is cheaper; problems are still reported by `schema`.
   */
  narrow?: (value: unknown) => z.ZodType | undefined;
}

const shape = scenarioFileSchema.shape;

const expectationByType = new Map<string, z.ZodType>(
  expectationSchema.options.map((member) => [Object.keys(member.shape)[0] ?? "", member]),
);

/** The member of the expectation union named by the value's one key. */
function expectationMember(value: unknown): z.ZodType | undefined {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  return keys.length === 1 ? expectationByType.get(keys[0] ?? "") : undefined;
}
const turnShape = turnSchema.shape;

/**
 * Places a case re-validates, from the widest to the narrowest. A placeholder belongs to the
 * narrowest place that holds it; a place inside another holding placeholders merges into it.
 */
export const CASE_UNIT_PLACES: Readonly<Record<string, CaseUnitPlace>> = {
  name: { schema: shape.name, standIn: "case" },
  clock: { schema: shape.clock, standIn: undefined },
  timezone: { schema: shape.timezone, standIn: undefined },
  env: { schema: shape.env, standIn: undefined },
  config: { schema: shape.config, standIn: undefined },
  "summaries[]": { schema: summariesSchema.element, standIn: { text: "" } },
  "turns[]": { schema: turnSchema, standIn: { user: "" } },
  "turns[].at": { schema: turnShape.at.unwrap(), standIn: undefined },
  "turns[].from": { schema: turnShape.from.unwrap(), standIn: undefined },
  "turns[].user": { schema: turnShape.user.unwrap(), standIn: "" },
  "turns[].system": { schema: turnShape.system.unwrap(), standIn: "" },
  "turns[].script[]": { schema: scriptStepSchema, standIn: { text: "" } },
  "turns[].summaries[]": { schema: summariesSchema.element, standIn: { text: "" } },
  "turns[].approvals[]": { schema: approvalSchema, standIn: { match: "*", decision: "allow" } },
  "turns[].expect[]": { schema: expectationSchema, standIn: { "reply-equals": "" }, narrow: expectationMember },
};
