import fc from "fast-check";
import type { FuzzClass } from "./fuzz-types.js";
import { invalidScenario } from "./scenario-document.js";
import type { ScenarioDocument } from "./scenario-seeds.js";

const BOGUS_MODEL_IDS = [
  "bogus:x",
  "nope",
  "anthropic:",
  "openai",
  ":",
  "scripted:nope",
  "simulated:",
  "simulated:x?ack=2",
  "SCRIPTED",
  "scripted:echo:extra",
];

/** `models:` naming no provider the harness has: a diagnostic at the model's line, before anything runs. */
export function unknownModelClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = fc
    .tuple(seeds, fc.constantFrom(...BOGUS_MODEL_IDS), fc.boolean())
    .map(([document, model, withValid]) =>
      invalidScenario(`models: ${JSON.stringify(model)}`, {
        ...document,
        models: withValid ? ["scripted", model] : [model],
      }),
    );
  return { name: "scenario/unknown-model", category: "scenario", arbitrary };
}

/** Ids of a real provider whose rest is unusable: NUL or spaces in the model name, no model, base URLs that are no URL. */
const MALFORMED_MODEL_IDS = [
  "anthropic:claude\u0000x",
  "anthropic:claude x",
  "openai:gpt@not a url",
  "openai:gpt@http://",
  "openai:gpt@ftp://example.com/v1",
  "openai:gpt@//x",
  "openai:gpt@http://exa mple.com",
  "openai:@http://127.0.0.1:9/v1",
];

/** A malformed id of a real provider: a diagnostic at the model's line, not a missing-key message naming no file. */
export function malformedModelIdClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = fc
    .tuple(seeds, fc.constantFrom(...MALFORMED_MODEL_IDS))
    .map(([document, model]) => invalidScenario(`models: ${JSON.stringify(model)}`, { ...document, models: [model] }));
  return { name: "scenario/malformed-model-id", category: "scenario", arbitrary };
}
