import fc from "fast-check";
import { configCase } from "./config-case.js";
import { CANARY_TARGETS, escapePaths } from "./fuzz-layout.js";
import type { FuzzClass } from "./fuzz-types.js";
import { hugeText, textWithNul, veryHugeText } from "./fuzz-values.js";
import { type Segments, setAt } from "./scenario-document.js";

const LONG_OR_NUL = fc.oneof(
  textWithNul,
  fc.integer({ min: 256, max: 6000 }).map((length) => "r".repeat(length)),
  fc.integer({ min: 1400, max: 2500 }).map((count) => "abc/".repeat(count)),
);

/** `agents.defaults.repoRoot` with NUL bytes or past the name limits: a diagnostic naming the config file, never a crash. */
export function badRepoRootClass(): FuzzClass {
  const arbitrary = fc.tuple(LONG_OR_NUL, fc.nat()).map(([text, command]) => {
    const label = `agents.defaults.repoRoot: ${JSON.stringify(text.slice(0, 40))} (${text.length} chars)`;
    return {
      ...configCase({
        label,
        text: JSON.stringify({ agents: { defaults: { repoRoot: text } } }),
        command,
        invalid: true,
      }),
      exits: [0, 2],
    };
  });
  return { name: "config/bad-repo-root", category: "config", arbitrary };
}

/** Other path keys (workspace, skill folders, memory paths) with NUL bytes or past the limits: exit 0 or 2, never a crash. */
export function badPathValuesClass(): FuzzClass {
  const keys: Segments[] = [
    ["agents", "defaults", "workspace"],
    ["skills", "load", "extraDirs"],
    ["skills", "load", "bundledDir"],
    ["agents", "defaults", "memorySearch", "extraPaths"],
    ["agents", "defaults", "memorySearch", "store", "path"],
  ];
  const arbitrary = fc.tuple(fc.constantFrom(...keys), LONG_OR_NUL, fc.nat()).map(([at, text, command]) => {
    const written = at.at(-1) === "extraDirs" || at.at(-1) === "extraPaths" ? [text] : text;
    const label = `${at.join(".")}: ${JSON.stringify(text.slice(0, 40))} (${text.length} chars)`;
    return {
      ...configCase({ label, text: JSON.stringify(setAt({}, at, written)), command, invalid: false }),
      exits: [0, 2],
    };
  });
  return { name: "config/bad-path-values", category: "config", arbitrary };
}

/** A huge `userTimezone` (or active-hours zone): checked in bounded time, naming the file. */
export function hugeTimezoneClass(): FuzzClass {
  const keys: Segments[] = [
    ["agents", "defaults", "userTimezone"],
    ["agents", "defaults", "heartbeat", "activeHours", "timezone"],
  ];
  const arbitrary = fc
    .tuple(fc.constantFrom(...keys), fc.oneof(hugeText, veryHugeText), fc.nat())
    .map(([at, text, command]) =>
      configCase({
        label: `${at.join(".")}: ${text.length} chars`,
        text: JSON.stringify(setAt({}, at, text)),
        command,
        invalid: at.at(-1) === "userTimezone",
      }),
    );
  return { name: "config/huge-timezone", category: "config", arbitrary };
}

/**
 * Config keys that name files or folders (extra paths, skill dirs, workspace, repo root), for the
 * scenario traversal class. The memory index path has a class of its own (scenario/memory-store-path).
 */
export const CONFIG_PATH_KEYS: readonly Segments[] = [
  ["agents", "defaults", "workspace"],
  ["agents", "defaults", "repoRoot"],
  ["agents", "defaults", "memorySearch", "extraPaths"],
  ["agents", "defaults", "memorySearch", "store", "vector", "extensionPath"],
  ["skills", "load", "extraDirs"],
  ["skills", "load", "bundledDir"],
];

/** Path values for `CONFIG_PATH_KEYS`: escape targets and the canary tree. */
export const configPathValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...escapePaths("pwned")),
  fc.constantFrom(...Object.values(CANARY_TARGETS)),
);
