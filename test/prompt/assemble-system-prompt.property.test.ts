// Guards against non-deterministic prompt bytes, section order or text that depends on input key order, and control, format or line-separator characters leaking from sanitised inputs into the prompt.
import fc from "fast-check";
import { describe, it } from "vitest";
import { assembleSectionedPrompt, assembleSystemPrompt } from "../../src/prompt/assemble-system-prompt.js";
import type { PromptMode, SystemPromptInput } from "../../src/prompt/system-prompt-input.js";
import { assertProperty } from "../support/assert-property.js";
import { E2_INPUT } from "./prompt-fixtures.js";

const UNSAFE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const DIRTY_UNITS = ["\n", "\r", "\t", "\u0000", "\u007f", "\u0085", "\u200b", "\u200e", "\u202e", "\u2028", "\u2029"];

/** Strings mixing path characters with control, format and separator characters. */
const dirtyString = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...DIRTY_UNITS, "\ufeff", "\u00ad"),
    fc.constantFrom("a", "Z", "/", "-", ".", "é", "路", "😀"),
  ),
  maxLength: 24,
});
const word = fc.string({ unit: fc.constantFrom("a", "b", "x", "_", "-", " ", "Q"), maxLength: 12 });

const sandboxArbitrary = fc.record(
  {
    enabled: fc.boolean(),
    workspaceDir: dirtyString,
    containerWorkspaceDir: dirtyString,
    workspaceAccess: fc.constantFrom("none" as const, "ro" as const, "rw" as const),
    agentWorkspaceMount: dirtyString,
    browserBridgeUrl: word,
    browserNoVncUrl: dirtyString,
    hostBrowserAllowed: fc.boolean(),
    elevated: fc.record({ allowed: fc.boolean(), defaultLevel: fc.constantFrom("on" as const, "ask" as const) }),
  },
  { requiredKeys: ["enabled"] },
);

const inputArbitrary: fc.Arbitrary<SystemPromptInput> = fc.record(
  {
    workspaceDir: dirtyString,
    promptMode: fc.constantFrom("full", "minimal", "none", "bogus") as fc.Arbitrary<PromptMode>,
    toolNames: fc.array(
      fc.constantFrom(
        "read",
        "Read",
        "exec",
        "message",
        "gateway",
        "memory_get",
        "sessions_spawn",
        "zeta",
        " ",
        "Custom",
      ),
    ),
    toolSummaries: fc.dictionary(fc.constantFrom("zeta", "custom", "read"), word),
    skillsPrompt: word,
    memoryCitationsMode: fc.constantFrom("auto" as const, "on" as const, "off" as const),
    modelAliasLines: fc.array(word, { maxLength: 3 }),
    userTimezone: word,
    workspaceNotes: fc.array(word, { maxLength: 3 }),
    docsPath: word,
    sandbox: sandboxArbitrary,
    ownerNumbers: fc.array(word, { maxLength: 3 }),
    ownerDisplay: fc.constantFrom("raw" as const, "hash" as const),
    ownerDisplaySecret: word,
    deliverableChannels: fc.array(word, { maxLength: 3 }),
    messageToolHints: fc.array(word, { maxLength: 2 }),
    ttsHint: word,
    extraSystemPrompt: word,
    reactionGuidance: fc.record({ level: fc.constantFrom("minimal" as const, "extensive" as const), channel: word }),
    reasoningTagHint: fc.boolean(),
    contextFiles: fc.array(
      fc.record({ path: fc.constantFrom("/w/A.md", "/w/SOUL.md", " ", "/w/B.md"), content: word }),
    ),
    heartbeatPrompt: word,
    runtimeInfo: fc.record(
      {
        agentId: word,
        host: word,
        os: word,
        arch: word,
        channel: word,
        capabilities: fc.array(word, { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    thinkLevel: word,
    reasoningLevel: word,
    acpEnabled: fc.boolean(),
  },
  { requiredKeys: ["workspaceDir"] },
);

/** A copy whose own keys (and those of nested records) arrive in the order `weights` gives. */
function reorderKeys<T>(value: T, weights: readonly number[]): T {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const ordered = entries
    .map((entry, index) => ({ entry, weight: weights[index % weights.length] ?? 0, index }))
    .sort((a, b) => a.weight - b.weight || b.index - a.index);
  return Object.fromEntries(ordered.map(({ entry: [key, nested] }) => [key, reorderKeys(nested, weights)])) as T;
}

describe("assembleSystemPrompt properties", () => {
  it("is deterministic: the same input gives the same bytes", () => {
    assertProperty(
      fc.property(inputArbitrary, (input) => {
        const first = assembleSystemPrompt(input);
        return first === assembleSystemPrompt(structuredClone(input)) && first === assembleSystemPrompt(input);
      }),
      { numRuns: 300 },
    );
  });

  it("section order and text do not depend on the order in which input keys arrive", () => {
    assertProperty(
      fc.property(inputArbitrary, fc.array(fc.integer(), { minLength: 1, maxLength: 40 }), (input, weights) => {
        const shuffled = reorderKeys(input, weights);
        const a = assembleSectionedPrompt(input);
        const b = assembleSectionedPrompt(shuffled);
        return a.sections.map((s) => s.id).join() === b.sections.map((s) => s.id).join() && a.text === b.text;
      }),
      { numRuns: 300 },
    );
  });

  it("lets no Cc/Cf/U+2028/U+2029 character from the sanitised inputs through", () => {
    const strip = (value: string | undefined) => value?.replace(UNSAFE, "");
    assertProperty(
      fc.property(
        dirtyString,
        sandboxArbitrary,
        fc.constantFrom<PromptMode>("full", "minimal"),
        (workspaceDir, sandbox, promptMode) => {
          const input: SystemPromptInput = { ...E2_INPUT, workspaceDir, sandbox, promptMode };
          const text = assembleSystemPrompt(input);
          const clean = assembleSystemPrompt({
            ...input,
            workspaceDir: strip(workspaceDir) ?? "",
            sandbox: {
              ...sandbox,
              workspaceDir: strip(sandbox.workspaceDir),
              containerWorkspaceDir: strip(sandbox.containerWorkspaceDir),
              agentWorkspaceMount: strip(sandbox.agentWorkspaceMount),
              browserNoVncUrl: strip(sandbox.browserNoVncUrl),
            },
          });
          return text === clean && !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(text.replace(/\n/g, ""));
        },
      ),
      { numRuns: 300 },
    );
  });
});
