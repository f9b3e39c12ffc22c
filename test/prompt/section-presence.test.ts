import { describe, expect, it } from "vitest";
import { PROMPT_SECTIONS, SECTION_IDS, type SectionId } from "../../src/prompt/prompt-sections.js";
import type { PromptMode, SystemPromptInput } from "../../src/prompt/system-prompt-input.js";
import { sectionIdsOf } from "./prompt-fixtures.js";

type InputPatch = Partial<SystemPromptInput>;

interface Presence {
  /** Modes the section appears in when its condition holds. */
  modes: PromptMode[];
  /** Input that satisfies the condition (`{}` for "always"). */
  when: InputPatch;
  /** Inputs that fail the condition: the section is absent in every mode. */
  unless: InputPatch[];
}

const F: PromptMode[] = ["full"];
const FM: PromptMode[] = ["full", "minimal"];
const ALWAYS_FM: Presence = { modes: FM, when: {}, unless: [] };

/** spec/prompt.md §5: mode columns and conditions of every section. */
const PRESENCE: Record<SectionId, Presence> = {
  identity: { modes: ["full", "minimal", "none"], when: {}, unless: [] },
  tooling: ALWAYS_FM,
  "tool-call-style": ALWAYS_FM,
  safety: ALWAYS_FM,
  cli: ALWAYS_FM,
  skills: { modes: FM, when: { skillsPrompt: "<available_skills/>" }, unless: [{ skillsPrompt: " \n " }, {}] },
  "memory-recall": {
    modes: F,
    when: { toolNames: ["MEMORY_GET"] },
    unless: [{ toolNames: ["read", "memory"] }, {}],
  },
  "self-update": { modes: F, when: { toolNames: ["Gateway"] }, unless: [{ toolNames: ["read"] }] },
  "model-aliases": {
    modes: F,
    when: { modelAliasLines: ["- fast: openai/gpt-mini"] },
    unless: [{ modelAliasLines: [] }, { modelAliasLines: ["  "] }],
  },
  "time-hint": { modes: FM, when: { userTimezone: "Europe/Paris" }, unless: [{ userTimezone: "  " }, {}] },
  workspace: ALWAYS_FM,
  documentation: { modes: F, when: { docsPath: "/docs" }, unless: [{ docsPath: " " }] },
  sandbox: { modes: FM, when: { sandbox: { enabled: true } }, unless: [{ sandbox: { enabled: false } }, {}] },
  "authorized-senders": {
    modes: F,
    when: { ownerNumbers: ["+1"] },
    unless: [{ ownerNumbers: ["", "  "] }, { ownerNumbers: [] }],
  },
  "date-time": { modes: FM, when: { userTimezone: "UTC" }, unless: [{ userTimezone: "" }] },
  "workspace-files": ALWAYS_FM,
  "reply-tags": { modes: F, when: {}, unless: [] },
  messaging: { modes: F, when: {}, unless: [] },
  voice: { modes: F, when: { ttsHint: "Speak." }, unless: [{ ttsHint: "\t" }] },
  "extra-context": { modes: FM, when: { extraSystemPrompt: "Extra." }, unless: [{ extraSystemPrompt: "  " }] },
  reactions: { modes: FM, when: { reactionGuidance: { level: "extensive", channel: "Signal" } }, unless: [{}] },
  "reasoning-format": { modes: FM, when: { reasoningTagHint: true }, unless: [{ reasoningTagHint: false }] },
  "project-context": {
    modes: FM,
    when: { contextFiles: [{ path: "/w/A.md", content: "" }] },
    unless: [{ contextFiles: [] }, { contextFiles: [{ path: " \t", content: "x" }] }],
  },
  "silent-replies": { modes: F, when: {}, unless: [] },
  heartbeats: { modes: F, when: {}, unless: [] },
  runtime: ALWAYS_FM,
};

const MODES: PromptMode[] = ["full", "minimal", "none"];

describe("section presence per mode and condition (spec/prompt.md §3, §5)", () => {
  it("has one renderer per id and the ids in spec order", () => {
    expect(Object.keys(PROMPT_SECTIONS).sort()).toEqual([...SECTION_IDS].sort());
    expect(SECTION_IDS).toHaveLength(26);
  });

  for (const id of SECTION_IDS) {
    const presence = PRESENCE[id];
    for (const mode of MODES) {
      const expected = presence.modes.includes(mode);
      it(`${id} is ${expected ? "present" : "absent"} in ${mode} when its condition holds`, () => {
        const ids = sectionIdsOf({ workspaceDir: "/w", ...presence.when, promptMode: mode });
        expect(ids.includes(id)).toBe(expected);
      });
      presence.unless.forEach((patch, index) => {
        it(`${id} is absent in ${mode} when its condition fails (#${index + 1})`, () => {
          expect(sectionIdsOf({ workspaceDir: "/w", ...patch, promptMode: mode })).not.toContain(id);
        });
      });
    }
  }

  it("minimal drops exactly the sections seed 000 names (§5)", () => {
    const everything: SystemPromptInput = {
      workspaceDir: "/w",
      ...Object.assign({}, ...Object.values(PRESENCE).map((presence) => presence.when)),
      toolNames: ["memory_get", "gateway"],
      userTimezone: "UTC",
    };
    const full = sectionIdsOf(everything);
    const minimal = sectionIdsOf({ ...everything, promptMode: "minimal" });
    expect(full).toEqual([...SECTION_IDS]);
    expect(full.filter((id) => !minimal.includes(id))).toEqual([
      "memory-recall",
      "self-update",
      "model-aliases",
      "documentation",
      "authorized-senders",
      "reply-tags",
      "messaging",
      "voice",
      "silent-replies",
      "heartbeats",
    ]);
  });
});
