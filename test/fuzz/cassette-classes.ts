import fc from "fast-check";
import type { FuzzCase, FuzzClass, FuzzFile } from "./fuzz-types.js";
import { anyText, anyValue, deepJson, hugeText } from "./fuzz-values.js";
import { runArgv, type Segments, setAt } from "./scenario-document.js";

/** A recorded cassette and the scenario it replays (see record-cassette-seed.ts). */
export interface CassetteSeed {
  /** Scenario file and workspace files, as recorded. */
  files: readonly FuzzFile[];
  /** The cassette's path relative to the input folder. */
  cassettePath: string;
  /** The recorded cassette, parsed. */
  cassette: Record<string, unknown>;
}

function replayCase(seed: CassetteSeed, label: string, content: string | Uint8Array, invalid: boolean): FuzzCase {
  return {
    label,
    files: [...seed.files, { path: seed.cassettePath, content }],
    argv: runArgv(undefined, ["--replay"]),
    ...(invalid ? { blame: [seed.cassettePath], exits: [1, 2] } : { exits: [0, 1] }),
  };
}

/** Cassette files that are not cassettes: the unit errors naming the file, nothing crashes. */
export function malformedFileClass(seed: CassetteSeed): FuzzClass {
  const text = JSON.stringify(seed.cassette, null, 2);
  const replaced = (at: Segments, value: unknown): string => JSON.stringify(setAt(seed.cassette, at, value));
  const arbitrary = fc
    .oneof(
      fc.nat({ max: text.length - 3 }).map((cut) => [`cut at ${cut}`, text.slice(0, cut)] as const),
      fc
        .constantFrom("", "not json", "[]", "{}", "null", "\u0000", `\uFEFF${text}`)
        .map((content) => [`content ${JSON.stringify(content.slice(0, 20))}`, content] as const),
      fc
        .constantFrom<[Segments, unknown]>(
          [["version"], 2],
          [["version"], "1"],
          [["model"], 5],
          [["interactions"], {}],
          [["interactions"], [null]],
          [["interactions"], [{}]],
          [["interactions", 0, "key"], "zz"],
          [["interactions", 0, "request", "turnIndex"], -1],
          [["interactions", 0, "response"], { ok: "yes" }],
          [["interactions", 0, "response"], null],
        )
        .map(([at, value]) => [`${at.join(".")} = ${JSON.stringify(value)}`, replaced(at, value)] as const),
      deepJson.map(
        (deep) =>
          [
            `interactions nested ${deep.length} chars deep`,
            `{"version":1,"model":"anthropic:claude-fuzz","interactions":${deep}}`,
          ] as const,
      ),
    )
    .map(([label, content]) => replayCase(seed, `cassette file: ${label}`, content, true));
  return { name: "cassettes/malformed-file", category: "cassettes", arbitrary };
}

/** Where the recorded replies keep their parts. */
const REPLY_PLACES: readonly Segments[] = [
  ["interactions", 0, "response", "message", "content", 0, "input"],
  ["interactions", 0, "response", "message", "content", 0, "name"],
  ["interactions", 0, "response", "message", "content", 0, "id"],
  ["interactions", 0, "response", "message", "content", 0, "type"],
  ["interactions", 0, "response", "message", "content", 0],
  ["interactions", 0, "response", "message", "content"],
  ["interactions", 0, "response", "message", "role"],
  ["interactions", 0, "response", "message", "stopReason"],
  ["interactions", 0, "response", "message"],
  ["interactions", 0, "response", "usage"],
  ["interactions", 0, "response", "usage", "inputTokens"],
  ["interactions", 0, "response", "costUsd"],
  ["interactions", 1, "response", "message", "content", 0, "text"],
  ["interactions", 1, "response", "message", "content"],
];

const TOOL_NAMES = [
  "",
  " read",
  "READ",
  "read\u0000",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "no_such_tool",
  "sessions_spawn",
  "exec",
];

/** A reply value: anything, a tool name, malformed JSON text, deep or huge. */
const replyValue: fc.Arbitrary<unknown> = fc.oneof(
  anyValue,
  fc.constantFrom(...TOOL_NAMES),
  fc.constantFrom('{"path": ', "[1,", "undefined", '{"path":"note.md"}'),
  fc.array(
    fc.record({
      type: fc.constantFrom("tool_call", "text", "thinking", "image", "x"),
      id: anyText,
      name: fc.constantFrom(...TOOL_NAMES),
      input: anyValue,
      text: anyText,
    }),
    { maxLength: 60 },
  ),
  hugeText.map((text) => text.slice(0, 300_000)),
);

/**
 * Recorded replies with malformed tool calls and odd shapes (what a live provider could send):
 * tool errors, failed or errored units, never a crash.
 */
export function malformedRepliesClass(seed: CassetteSeed): FuzzClass {
  const recordedError = fc.record({
    ok: fc.constant(false),
    error: fc.record({
      kind: fc.oneof(fc.constantFrom("rate_limit", "server", "timeout", "auth", "bogus"), anyText),
      message: anyText,
      retryable: fc.boolean(),
      retryAfterMs: fc.constantFrom(1, 1e12, -5, Number.MAX_SAFE_INTEGER),
    }),
  });
  const arbitrary = fc
    .oneof(
      fc.array(fc.tuple(fc.constantFrom(...REPLY_PLACES), replyValue), { minLength: 1, maxLength: 3 }),
      fc
        .tuple(fc.constantFrom(0, 1), recordedError)
        .map(([index, response]) => [[["interactions", index, "response"] as Segments, response] as const]),
    )
    .map((changes) => {
      const cassette = changes.reduce<Record<string, unknown>>(
        (current, [at, value]) => setAt(current, at, value),
        seed.cassette,
      );
      const label = changes
        .map(([at, value]) => `${at.slice(3).join(".")}=${JSON.stringify(value)?.slice(0, 50)}`)
        .join(", ");
      return replayCase(seed, `reply: ${label}`, JSON.stringify(cassette, null, 2), false);
    });
  return { name: "cassettes/malformed-replies", category: "cassettes", arbitrary };
}
