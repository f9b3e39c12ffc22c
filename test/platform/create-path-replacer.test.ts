import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPathReplacer } from "../../src/platform/create-path-replacer.js";
import { assertProperty } from "../support/assert-property.js";

const WORKSPACE = "/tmp/claw-eval-unit-Ab12Cd";
const PATHS = [
  [WORKSPACE, "<workspace>"],
  [`${WORKSPACE}.home`, "~"],
  [`${WORKSPACE}.bin`, "<bin>"],
] as const;

describe("createPathReplacer", () => {
  it("replaces longer paths first, so a sibling or nested path keeps its own placeholder", () => {
    const replace = createPathReplacer({ paths: PATHS });
    expect(replace(`${WORKSPACE}.home/.openclaw and ${WORKSPACE}.bin:${WORKSPACE}/a.md`)).toBe(
      "~/.openclaw and <bin>:<workspace>/a.md",
    );
    const nested = createPathReplacer({
      paths: [
        ["/home/dev", "~"],
        ["/home/dev/ws", "<workspace>"],
      ],
    });
    expect(nested("/home/dev/ws/x /home/dev/y")).toBe("<workspace>/x ~/y");
  });

  it("matches a path only as a whole, but before a full stop that ends a sentence", () => {
    const replace = createPathReplacer({ paths: PATHS });
    expect(replace(`${WORKSPACE}x ${WORKSPACE}-2 ${WORKSPACE}.old stay`)).toBe(
      `${WORKSPACE}x ${WORKSPACE}-2 ${WORKSPACE}.old stay`,
    );
    expect(replace(`It is ${WORKSPACE}. Then "${WORKSPACE}", (${WORKSPACE})`)).toBe(
      `It is <workspace>. Then "<workspace>", (<workspace>)`,
    );
  });

  it("writes <tmp> for other claw-eval temp folders only when asked", () => {
    const text = `${WORKSPACE}/a /var/folders/q1/T/claw-eval-unit-Zz99Yy/notes.md /tmp/claw-eval-e2e-a1B2c3.home /src/claw-eval-main/x`;
    expect(createPathReplacer({ paths: PATHS })(text)).toBe(
      "<workspace>/a /var/folders/q1/T/claw-eval-unit-Zz99Yy/notes.md /tmp/claw-eval-e2e-a1B2c3.home /src/claw-eval-main/x",
    );
    expect(createPathReplacer({ paths: PATHS, otherTempFolders: true })(text)).toBe(
      "<workspace>/a <tmp>/notes.md <tmp> /src/claw-eval-main/x",
    );
  });

  it("ignores empty and one-character paths, and takes regex characters literally", () => {
    expect(
      createPathReplacer({
        paths: [
          ["/", "<root>"],
          ["", "<x>"],
        ],
      })("/a/b"),
    ).toBe("/a/b");
    expect(createPathReplacer({ paths: [["/tmp/a+b (1)", "<w>"]] })("/tmp/a+b (1)/x /tmp/aab (1)/x")).toBe(
      "<w>/x /tmp/aab (1)/x",
    );
  });

  it("property: text without any of the paths comes back unchanged", () => {
    const replace = createPathReplacer({ paths: PATHS, otherTempFolders: true });
    assertProperty(
      fc.property(fc.string({ maxLength: 80 }), (text) => text.includes("claw-eval-") || replace(text) === text),
    );
  });

  it("property: no replaced path survives, whatever text surrounds it", () => {
    const replace = createPathReplacer({ paths: PATHS });
    const separator = fc.constantFrom(" ", "\n", '"', "/", ": ", ". ", ",");
    const piece = fc.oneof(fc.constantFrom(...PATHS.map(([path]) => path)), fc.string({ maxLength: 8 }));
    assertProperty(
      fc.property(fc.array(fc.tuple(piece, separator), { maxLength: 6 }), (parts) => {
        const text = parts.map(([part, end]) => `${part}${end}`).join("");
        return !replace(text).includes(WORKSPACE);
      }),
    );
  });

  it("replaces paths that share no prefix, and other temp folders in text without the given paths", () => {
    const replace = createPathReplacer({
      paths: [
        ["/srv/state", "~"],
        ["/tmp/claw-eval-unit-Ab12Cd", "<workspace>"],
      ],
      otherTempFolders: true,
    });
    expect(replace("/srv/state/a and /tmp/claw-eval-unit-Ab12Cd/b")).toBe("~/a and <workspace>/b");
    expect(replace("see /tmp/claw-eval-run-Zz99Yy/x")).toBe("see <tmp>/x");
    // A unit's folder inside its run's folder is one temp folder.
    expect(replace("/tmp/claw-eval-run-Zz99Yy/claw-eval-unit-Qq11Ww.home/a.md")).toBe("<tmp>/a.md");
    expect(replace("nothing here")).toBe("nothing here");
  });
});
