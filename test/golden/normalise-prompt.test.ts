import { describe, expect, it } from "vitest";
import { normalisePrompt } from "../../src/golden/normalise-prompt.js";

const WORKSPACE = "/tmp/claw-eval-unit-Ab12Cd";
const PATHS = [
  [WORKSPACE, "<workspace>"],
  [`${WORKSPACE}.home`, "~"],
  [`${WORKSPACE}.bin`, "<bin>"],
  ["/home/dev/claw", "<cwd>"],
] as const;

describe("normalisePrompt", () => {
  it("replaces the unit's paths, longest first, HOME with ~", () => {
    const text = [
      `Your working directory is: ${WORKSPACE}`,
      `## ${WORKSPACE}/SOUL.md`,
      `Skills live in ${WORKSPACE}.home/.openclaw/skills and ${WORKSPACE}.bin is on PATH.`,
      "Bundled skills: /home/dev/claw/fixtures/skills",
    ].join("\n");
    expect(normalisePrompt(text, { paths: PATHS })).toBe(
      [
        "Your working directory is: <workspace>",
        "## <workspace>/SOUL.md",
        "Skills live in ~/.openclaw/skills and <bin> is on PATH.",
        "Bundled skills: <cwd>/fixtures/skills",
      ].join("\n"),
    );
  });

  it("matches a path only as a whole, and any other claw-eval temp folder becomes <tmp>", () => {
    const text = `${WORKSPACE}x stays; /var/folders/q1/T/claw-eval-unit-Zz99Yy/notes.md and /tmp/claw-eval-e2e-a1B2c3.home go`;
    expect(normalisePrompt(text, { paths: PATHS })).toBe(`${WORKSPACE}x stays; <tmp>/notes.md and <tmp> go`);
  });

  it("ends a path at a full stop that ends a sentence, as cassettes and results do", () => {
    const text = `The workspace is ${WORKSPACE}. Notes: ${WORKSPACE}.d/x and /tmp/claw-eval-e2e-a1B2c3.`;
    expect(normalisePrompt(text, { paths: PATHS })).toBe(`The workspace is <workspace>. Notes: <tmp>/x and <tmp>.`);
  });

  it("leaves folders that merely start with claw-eval- alone", () => {
    const text = "Repo: /src/claw-eval/README.md and /src/claw-eval-main/x";
    expect(normalisePrompt(text, { paths: [] })).toBe(text);
  });

  it("replaces host, os (with arch), arch, node, shell and model in the Runtime line only", () => {
    const text = [
      "host=keep-me in prose",
      "Runtime: agent=main | host=build-7 | repo=/r | os=Linux 6.8.0-45-generic (x64) | node=v20.19.0 | model=anthropic/claude | shell=zsh | channel=scenario | capabilities=none | thinking=off",
      "Runtime: agent=main | arch=arm64 | thinking=low",
    ].join("\n");
    expect(normalisePrompt(text, { paths: [] })).toBe(
      [
        "host=keep-me in prose",
        "Runtime: agent=main | host=<host> | repo=/r | os=<os> | node=<node> | model=<model> | shell=<shell> | channel=scenario | capabilities=none | thinking=off",
        "Runtime: agent=main | arch=<arch> | thinking=low",
      ].join("\n"),
    );
  });

  it("reads CRLF line endings as LF", () => {
    expect(normalisePrompt("a\r\nb\r\n", { paths: [] })).toBe("a\nb\n");
  });

  it("ignores a path of the root folder or an empty one", () => {
    expect(
      normalisePrompt("/a/b", {
        paths: [
          ["/", "<cwd>"],
          ["", "<x>"],
        ],
      }),
    ).toBe("/a/b");
  });
});
