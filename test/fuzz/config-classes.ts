import fc from "fast-check";
import JSON5 from "json5";
import { isCredentialName } from "../../src/platform/collect-secrets.js";
import { CONFIG_LEAVES, configCase } from "./config-case.js";
import type { FuzzClass } from "./fuzz-types.js";
import { anyText, anyValue, deepJson, hugeText, nearMiss, veryHugeText } from "./fuzz-values.js";
import { type Segments, setAt } from "./scenario-document.js";

const BROKEN_JSON5 = [
  "{",
  '{"agents": }',
  "{agents: {defaults: {workspace: 'x'}}",
  "[1, 2]",
  "42",
  "null",
  '"text"',
  "{a: 1,,}",
  "{'a': \"b'}",
  "{\u0000}",
  "{a: 0x}",
  "// only a comment",
  "",
];

function isJson5Object(text: string): boolean {
  try {
    const value: unknown = JSON5.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Config files that are not a JSON5 object: exit 2 naming the file. */
export function json5SyntaxClass(): FuzzClass {
  const arbitrary = fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...BROKEN_JSON5),
        fc
          .string({ maxLength: 30 })
          .map((text) => `{${text}`)
          .filter((text) => !isJson5Object(text)),
      ),
      fc.nat(),
    )
    .map(([text, command]) => ({
      ...configCase({ label: `config ${JSON.stringify(text)}`, text, command, invalid: true }),
      exits: [2],
    }));
  return { name: "config/json5-syntax", category: "config", arbitrary };
}

/** Known keys given values their check rejects: a warning (or error) naming the config file. */
export function wrongValuesClass(): FuzzClass {
  const arbitrary = fc
    .tuple(fc.array(fc.tuple(fc.constantFrom(...CONFIG_LEAVES), anyValue), { minLength: 1, maxLength: 4 }), fc.nat())
    .map(([changes, command]) => {
      const rejected = changes.filter(([leaf, value]) => !leaf.check.accepts(value));
      const config = changes.reduce<Record<string, unknown>>(
        (current, [leaf, value]) => setAt(current, leaf.at, value),
        {},
      );
      const label = changes
        .map(([leaf, value]) => `${leaf.at.join(".")}=${JSON.stringify(value)?.slice(0, 40)}`)
        .join(", ");
      return configCase({ label, text: JSON.stringify(config, null, 2), command, invalid: rejected.length > 0 });
    });
  return { name: "config/wrong-values", category: "config", arbitrary };
}

/**
 * Unknown keys, huge and unicode strings, `__proto__`: warnings at most. Keys named like
 * credentials are left to config/huge-secret-values, which gives them huge values on purpose.
 */
export function oddValuesClass(): FuzzClass {
  const key = fc
    .oneof(
      fc.constantFrom(...CONFIG_LEAVES).chain((leaf) => nearMiss(String(leaf.at.at(-1)))),
      anyText,
    )
    .filter((name) => !isCredentialName(name));
  const arbitrary = fc
    .tuple(fc.dictionary(key, fc.oneof(anyValue, hugeText), { maxKeys: 4 }), fc.boolean(), fc.nat())
    .map(([entries, proto, command]) => {
      const body = JSON.stringify({ agents: { defaults: entries }, ...entries }, null, 1).slice(0, -1);
      const text = `${body}${proto ? ',"__proto__":{"polluted":true}' : ""}}`;
      return configCase({
        label: `odd config ${JSON.stringify(entries).slice(0, 100)}`,
        text,
        command,
        invalid: false,
      });
    });
  return { name: "config/odd-values", category: "config", arbitrary };
}

/** Config values nested 200 to 20 000 levels deep, under a known or an unknown key: warnings at most, never a crash. */
export function deepNestingClass(): FuzzClass {
  const arbitrary = fc
    .tuple(
      deepJson,
      fc.constantFrom(
        '"agents":{"defaults":{"model":',
        '"agents":{"defaults":{"userTimezone":',
        '"unknownKey":{"x":',
        '"skills":{"entries":{"s":',
      ),
      fc.nat(),
    )
    .map(([deep, prefix, command]) => {
      const closing = "}".repeat((prefix.match(/\{/g) ?? []).length);
      return configCase({
        label: `${prefix} nested ${deep.length} chars deep`,
        text: `{${prefix}${deep}${closing}}`,
        command,
        invalid: false,
      });
    });
  return { name: "config/deep-nesting", category: "config", arbitrary };
}

/** Credential-named keys (API keys, tokens, auth headers) and where openclaw.json holds them. */
const SECRET_PLACES: readonly Segments[] = [
  ["agents", "defaults", "memorySearch", "remote", "apiKey"],
  ["agents", "defaults", "memorySearch", "remote", "headers", "Authorization"],
  ["skills", "entries", "s", "env", "GITHUB_TOKEN"],
  ["models", "providers", "x", "apiKey"],
];

/** Secrets of 64 KiB to 1.5 MiB: redacted from every output without a crash, whatever their size. */
export function hugeSecretValuesClass(): FuzzClass {
  const arbitrary = fc
    .tuple(fc.constantFrom(...SECRET_PLACES), fc.oneof(hugeText, veryHugeText), fc.boolean(), fc.nat())
    .map(([at, text, bearer, command]) => {
      const value = bearer ? `Bearer ${text}` : text;
      const label = `${at.join(".")}: ${text.length} chars`;
      return configCase({ label, text: JSON.stringify(setAt({}, at, value)), command, invalid: false });
    });
  return { name: "config/huge-secret-values", category: "config", arbitrary };
}
