import { describe, expect, it } from "vitest";
import {
  assembleCompactionSummary,
  buildStructuredFallbackSummary,
  capPreservingSuffix,
  SUMMARY_TRUNCATION_MARKER,
} from "../../src/context/assemble-compaction-summary.js";
import { collectFileOperations } from "../../src/context/collect-file-operations.js";
import { extractWorkspaceCriticalRules } from "../../src/context/extract-workspace-critical-rules.js";
import { formatFileOperations } from "../../src/context/format-file-operations.js";
import { formatToolFailures } from "../../src/context/format-tool-failures.js";
import { assistant, toolResult, user } from "./summarizer-fakes.js";

describe("formatToolFailures (§5.9)", () => {
  it("formats the spec example with status and exit code from details", () => {
    const failed = toolResult({
      id: "c1",
      name: "exec",
      text: "ENOENT: missing file",
      isError: true,
      details: { status: "failed", exitCode: 1 },
    });
    expect(formatToolFailures([failed])).toBe(
      "## Tool Failures\n- exec (status=failed exitCode=1): ENOENT: missing file",
    );
  });

  it("dedupes by toolCallId, collapses whitespace, names blank tools `tool` and says failed / failed (no output)", () => {
    const messages = [
      toolResult({ id: "c1", name: "read", text: "no  such\n\tfile", isError: true }),
      toolResult({ id: "c1", name: "read", text: "duplicate", isError: true }),
      toolResult({ id: "c2", name: "", text: "", isError: true }),
      toolResult({ id: "c3", name: "exec", text: "", isError: true, details: { exitCode: 2 } }),
      toolResult({ id: "c4", name: "exec", text: "fine" }),
    ];
    expect(formatToolFailures(messages)).toBe(
      ["## Tool Failures", "- read: no such file", "- tool: failed (no output)", "- exec (exitCode=2): failed"].join(
        "\n",
      ),
    );
  });

  it("cuts text to 240 chars with `...` and lists at most 8 failures, then `- ...and <k> more`", () => {
    const long = toolResult({ id: "c0", name: "exec", text: "e".repeat(300), isError: true });
    const many = Array.from({ length: 10 }, (_, index) =>
      toolResult({ id: `d${index}`, name: "exec", text: `boom ${index}`, isError: true }),
    );
    const lines = formatToolFailures([long, ...many]).split("\n");
    expect(lines[1]).toBe(`- exec: ${"e".repeat(237)}...`);
    expect(lines).toHaveLength(1 + 8 + 1);
    expect(lines[9]).toBe("- ...and 3 more");
    expect(formatToolFailures([user("x")])).toBe("");
  });
});

describe("formatFileOperations (§5.9)", () => {
  it("formats the spec example: read a.md, b.md; edit b.md; write c.md", () => {
    const files = collectFileOperations({
      messages: [
        assistant("", [
          { id: "1", name: "read", input: { path: "a.md" } },
          { id: "2", name: "read", input: { path: "b.md" } },
          { id: "3", name: "edit", input: { path: "b.md" } },
          { id: "4", name: "write", input: { path: "c.md" } },
        ]),
      ],
    });
    expect(formatFileOperations(files)).toBe(
      "<read-files>\na.md\n</read-files>\n\n<modified-files>\nb.md\nc.md\n</modified-files>",
    );
  });

  it("caps each list at 900 chars ending `...and <k> more`, and omits empty lists", () => {
    const paths = Array.from(
      { length: 100 },
      (_, index) => `src/deep/folder/file-${String(index).padStart(3, "0")}.ts`,
    );
    const section = formatFileOperations({ readFiles: [], modifiedFiles: paths });
    const list = /<modified-files>\n(.*)\n<\/modified-files>/s.exec(section)?.[1] ?? "";
    expect(section.startsWith("<modified-files>")).toBe(true);
    expect(list.length).toBeLessThanOrEqual(900);
    const lines = list.split("\n");
    expect(lines.at(-1)).toBe(`...and ${100 - (lines.length - 1)} more`);
    expect(lines.slice(0, -1)).toEqual(paths.slice(0, lines.length - 1));
    expect(formatFileOperations({ readFiles: [], modifiedFiles: [] })).toBe("");
    expect(formatFileOperations({ readFiles: ["x".repeat(1000)], modifiedFiles: [] })).toBe(
      "<read-files>\n...and 1 more\n</read-files>",
    );
  });
});

const AGENTS = [
  "# AGENTS.md",
  "## Intro",
  "Hello.",
  "```md",
  "## Red Lines",
  "not a heading inside a fence",
  "```",
  "## session startup",
  "1. Read SOUL.md",
  "### Detail",
  "nested detail",
  "## Memory",
  "notes",
  "### Red Lines",
  "- Never leak secrets.",
  "## Tools",
].join("\n");

describe("extractWorkspaceCriticalRules (§5.9)", () => {
  it("takes Session Startup and Red Lines as H2/H3 sections, case-insensitive, ignoring fenced code", () => {
    expect(extractWorkspaceCriticalRules(AGENTS)).toBe(
      [
        "<workspace-critical-rules>",
        "## session startup\n1. Read SOUL.md\n### Detail\nnested detail",
        "",
        "### Red Lines\n- Never leak secrets.",
        "</workspace-critical-rules>",
      ].join("\n"),
    );
  });

  it("falls back to Every Session and Safety, and is empty without a file or sections", () => {
    const text = "## Every Session\nRead USER.md\n## Safety\nAsk first.\n# End";
    expect(extractWorkspaceCriticalRules(text)).toBe(
      "<workspace-critical-rules>\n## Every Session\nRead USER.md\n\n## Safety\nAsk first.\n</workspace-critical-rules>",
    );
    expect(extractWorkspaceCriticalRules(undefined)).toBe("");
    expect(extractWorkspaceCriticalRules("# Title\n#### Red Lines\nx")).toBe("");
  });

  it("cuts the rules to 2000 chars plus `\\n...[truncated]...`", () => {
    const text = `## Red Lines\n${"r".repeat(3000)}`;
    const inner = `## Red Lines\n${"r".repeat(2000 - 13)}`;
    expect(extractWorkspaceCriticalRules(text)).toBe(
      `<workspace-critical-rules>\n${inner}\n...[truncated]...\n</workspace-critical-rules>`,
    );
  });
});

describe("capPreservingSuffix (§5.9)", () => {
  it("cuts a 16 500-char body with an empty suffix to 15 954 chars + the 46-char marker", () => {
    expect(SUMMARY_TRUNCATION_MARKER).toHaveLength(46);
    const capped = capPreservingSuffix("x".repeat(16_500), "");
    expect(capped).toBe("x".repeat(15_954) + SUMMARY_TRUNCATION_MARKER);
    expect(capped).toHaveLength(16_000);
  });

  it("keeps the whole suffix and cuts the body to the room left; a suffix ≥ 16 000 keeps its last 16 000", () => {
    const suffix = `\n\n${"s".repeat(998)}`;
    expect(capPreservingSuffix("b".repeat(15_500), suffix)).toBe(
      "b".repeat(14_954) + SUMMARY_TRUNCATION_MARKER + suffix,
    );
    expect(capPreservingSuffix("short", suffix)).toBe(`short${suffix}`);
    const huge = "a".repeat(100) + "z".repeat(16_000);
    expect(capPreservingSuffix("body", huge)).toBe("z".repeat(16_000));
  });
});

describe("assembleCompactionSummary (§5.9)", () => {
  const failure = toolResult({ id: "c9", name: "exec", text: "boom", isError: true });
  const files = { readFiles: ["a.md"], modifiedFiles: [] };

  it("appends split turn, preserved turns, failures, file ops and rules in that order", () => {
    const summary = assembleCompactionSummary({
      historySummary: "HISTORY",
      turnPrefixSummary: "PREFIX",
      preserved: [user("latest ask")],
      compactedMessages: [failure],
      fileOperations: files,
      workspaceRules: "## Red Lines\nNo deletes.",
    });
    expect(summary).toBe(
      [
        "HISTORY",
        "---",
        "**Turn Context (split turn):**",
        "PREFIX",
        "## Recent turns preserved verbatim\n- User: latest ask",
        "## Tool Failures\n- exec: boom",
        "<read-files>\na.md\n</read-files>",
        "<workspace-critical-rules>\n## Red Lines\nNo deletes.\n</workspace-critical-rules>",
      ].join("\n\n"),
    );
  });

  it("puts the split-turn section alone when the history summary is empty; default mode keeps only split turn and file ops", () => {
    expect(
      assembleCompactionSummary({ historySummary: "", turnPrefixSummary: "P", fileOperations: files, mode: "default" }),
    ).toBe("**Turn Context (split turn):**\n\nP\n\n<read-files>\na.md\n</read-files>");
    expect(
      assembleCompactionSummary({
        historySummary: "H",
        preserved: [user("x")],
        compactedMessages: [failure],
        fileOperations: { readFiles: [], modifiedFiles: [] },
        workspaceRules: "## Safety\nx",
        mode: "default",
      }),
    ).toBe("H");
  });
});

describe("buildStructuredFallbackSummary (§5.8)", () => {
  it("puts the previous summary (or No prior history.) under Decisions with empty other headings", () => {
    expect(buildStructuredFallbackSummary({})).toBe(
      "## Decisions\nNo prior history.\n\n## Open TODOs\nNone.\n\n## Constraints/Rules\nNone.\n\n## Pending user asks\nNone.\n\n## Exact identifiers\nNone captured.",
    );
    expect(buildStructuredFallbackSummary({ previousSummary: "old notes" })).toMatch(
      /^## Decisions\nold notes\n\n## Open TODOs/,
    );
  });

  it("reuses a previous summary that already has all five headings", () => {
    const previous =
      "## Decisions\nA\n## Open TODOs\n## Constraints/Rules\n## Pending user asks\n  ## Exact identifiers  \nX";
    expect(buildStructuredFallbackSummary({ previousSummary: previous })).toBe(previous);
  });
});
