// Guards against home-path compaction that is not idempotent, rewrites sibling paths that merely share the home's prefix (/home/alice2), or alters the rest of the path.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compactHomePath } from "../../src/skills/compact-skill-paths.js";
import { assertProperty } from "../support/assert-property.js";

const segment = fc.string({ unit: fc.constantFrom("a", "b", "~", ".", " ", "-"), minLength: 1, maxLength: 4 });
const absolutePath = fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.join("/")}`);
const homeArbitrary = fc.oneof(
  absolutePath,
  absolutePath.map((path) => `${path}/`),
  fc.constant(""),
);
/** Paths often under the home, sometimes beside it (`/home/alice2`). */
const pathFor = (home: string) =>
  fc.oneof(
    absolutePath,
    absolutePath.map((rest) => `${home.replace(/\/$/, "")}${rest}`),
    absolutePath.map((rest) => `${home.replace(/\/$/, "")}x${rest}`),
  );

describe("compactHomePath properties", () => {
  it("is idempotent", () => {
    assertProperty(
      fc.property(
        homeArbitrary.chain((home) => fc.tuple(fc.constant(home), pathFor(home))),
        ([home, path]) => {
          const once = compactHomePath(path, home);
          expect(compactHomePath(once, home)).toBe(once);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("only rewrites the home prefix (home plus separator) to ~/ and keeps the rest", () => {
    assertProperty(
      fc.property(
        homeArbitrary.chain((home) => fc.tuple(fc.constant(home), pathFor(home))),
        ([home, path]) => {
          const prefix = home.endsWith("/") ? home : `${home}/`;
          const expected = home !== "" && path.startsWith(prefix) ? `~/${path.slice(prefix.length)}` : path;
          expect(compactHomePath(path, home)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
