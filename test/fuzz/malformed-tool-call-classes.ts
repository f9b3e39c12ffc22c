import fc from "fast-check";
import { BUILTIN_TOOL_NAMES } from "../../src/tools/create-builtin-tools.js";
import type { FuzzClass } from "./fuzz-types.js";
import { anyText, anyValue, deepYaml, hugeText, textWithNul } from "./fuzz-values.js";
import { withScript } from "./model-reply-classes.js";
import { RawYaml, scenarioCase } from "./scenario-document.js";
import type { ScenarioDocument } from "./scenario-seeds.js";

const TOOL_NAMES: readonly string[] = BUILTIN_TOOL_NAMES;
const ODD_TOOL_NAMES = [
  " read",
  "READ",
  "read\u0000",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "no_such_tool",
  "a".repeat(5000),
  "😀",
];
const FIELDS = [
  "path",
  "content",
  "oldText",
  "newText",
  "pattern",
  "offset",
  "limit",
  "glob",
  "command",
  "workdir",
  "timeout",
  "task",
  "label",
  "message",
  "action",
  "query",
  "from",
  "lines",
];

/** Tool inputs with wrong types, odd values, huge, NUL-bearing or deep values; `exec` never gets a runnable command. */
const toolInput: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.dictionary(
    fc.constantFrom(...FIELDS),
    fc.oneof(
      anyValue,
      textWithNul,
      hugeText.map((text) => text.slice(0, 200_000)),
    ),
    { maxKeys: 4 },
  ),
  deepYaml.map((deep) => ({ path: new RawYaml(deep) })),
  fc.constant({ "prototype-key": new RawYaml('{"__proto__": {"polluted": true}, "path": "x.md"}') }),
);

const toolCall = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(...TOOL_NAMES),
      fc.constantFrom(...ODD_TOOL_NAMES),
      anyText.filter((text) => text !== ""),
    ),
    toolInput,
  )
  .map(([tool, input]) =>
    tool === "exec" && typeof input.command === "string" ? { tool, input: { ...input, command: 5 } } : { tool, input },
  );

/** A small call, repeated many times in one step. */
const smallCall = fc
  .tuple(
    fc.constantFrom(...TOOL_NAMES.filter((name) => name !== "exec"), ...ODD_TOOL_NAMES),
    fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 3 }),
  )
  .map(([tool, input]) => ({ tool, input }));

/**
 * Shipped scenarios whose first turn's model makes malformed tool calls: unknown or odd names,
 * wrong input types, huge and deep inputs, many calls at once. Tool errors the model sees; the
 * unit passes, fails or errors (a scenario too deep to parse is a diagnostic), never crashes.
 */
export function scriptedMalformedClass(seeds: fc.Arbitrary<ScenarioDocument>): FuzzClass {
  const arbitrary = fc
    .tuple(
      seeds,
      fc.oneof(
        fc.array(toolCall, { minLength: 1, maxLength: 4 }),
        smallCall.map((call) => Array.from({ length: 150 }, () => ({ ...call }))),
      ),
      fc.boolean(),
    )
    .map(([document, calls, batched]) =>
      scenarioCase({
        label: `${calls.length} calls: ${calls
          .slice(0, 2)
          .map((call) => `${call.tool.slice(0, 20)} ${JSON.stringify(call.input)?.slice(0, 60)}`)
          .join("; ")}`,
        document: { ...withScript(document, calls, batched), maxSteps: 200 },
      }),
    );
  return { name: "model-replies/malformed-tool-calls", category: "model-replies", arbitrary };
}
