import fc from "fast-check";
import { type CANARY_TARGETS, escapePaths } from "./fuzz-layout.js";
import type { FuzzClass } from "./fuzz-types.js";
import { spacelessText } from "./fuzz-values.js";
import { runArgv, scenarioCase, setAt } from "./scenario-document.js";
import type { ScenarioDocument } from "./scenario-seeds.js";

/** A script that makes the calls (one per step or all in one `tools:` step), then answers. */
export function withScript(
  document: ScenarioDocument,
  calls: readonly { tool: string; input: unknown }[],
  batched: boolean,
): ScenarioDocument {
  const steps = batched ? [{ tools: calls }] : calls.map((call) => ({ ...call }));
  return setAt(document, ["turns", 0, "script"], [...steps, { text: "done" }]);
}

/** File tools and `exec` pointed out of the workspace; nothing outside may change. */
export function pathTraversalClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const target = fc.oneof(
    fc.constantFrom(...escapePaths("pwned-tool")),
    fc.constantFrom<(typeof CANARY_TARGETS)[keyof typeof CANARY_TARGETS]>(
      "../../../canary/notes.md",
      "../../../canary/workspace",
    ),
  );
  const call = target.chain((path) =>
    fc.constantFrom(
      { tool: "write", input: { path, content: "pwned\n" } },
      { tool: "edit", input: { path, oldText: "canary", newText: "pwned" } },
      { tool: "read", input: { path } },
      { tool: "ls", input: { path } },
      { tool: "find", input: { pattern: "*", path } },
      { tool: "grep", input: { pattern: "canary", path } },
      { tool: "exec", input: { command: "echo pwned > pwned-exec", workdir: path } },
      { tool: "write", input: { path: `link/${path}`, content: "pwned\n" } },
    ),
  );
  const arbitrary = fc.tuple(seeds, fc.array(call, { minLength: 1, maxLength: 4 })).map(([document, calls]) =>
    scenarioCase({
      label: calls.map((entry) => `${entry.tool} ${JSON.stringify(entry.input)}`).join("; "),
      document: withScript(document, calls, false),
      exits: [0, 1],
    }),
  );
  return { name: "model-replies/tool-path-traversal", category: "model-replies", arbitrary };
}

/** Shipped scenarios under injected faults (malformed tool-call arguments, empty replies, errors): exit 0 or 1. */
export function faultsClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const kinds = fc.subarray(["429", "5xx", "timeout", "malformed", "empty", "overflow"], { minLength: 1 });
  const arbitrary = fc
    .tuple(seeds, kinds, fc.constantFrom(0.3, 0.7, 1), fc.nat({ max: 1000 }))
    .map(([document, chosen, rate, seed]) => {
      const spec = `rate=${rate},kinds=${chosen.join("|")},seed=${seed}`;
      return scenarioCase({
        label: `--faults ${spec}`,
        document,
        argv: runArgv(undefined, ["--faults", spec]),
        exits: [0, 1],
      });
    });
  return { name: "model-replies/faults", category: "model-replies", arbitrary };
}

/**
 * Replies, user messages and tool inputs that are one long run of word characters (200 to 400
 * KiB, as a model that loops on one token writes): every check over the text stays linear.
 */
export function spacelessTextClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = fc
    .tuple(seeds, spacelessText, fc.constantFrom("reply", "user", "tool input"))
    .map(([document, text, where]) => {
      const script =
        where === "tool input"
          ? [{ tool: "read", input: { path: text } }, { text: "done" }]
          : [{ text: where === "reply" ? text : "done" }];
      const changed = setAt(document, ["turns", 0, "script"], script);
      const withUser = where === "user" ? setAt(changed, ["turns", 0, "user"], text) : changed;
      return scenarioCase({ label: `${where}: ${text.slice(0, 12)}… (${text.length} chars)`, document: withUser });
    });
  return { name: "model-replies/spaceless-text", category: "model-replies", arbitrary };
}
