import JSON5 from "json5";
import { parseInstallSpec } from "./parse-install-spec.js";
import { parseStringList } from "./parse-string-list.js";
import type { SkillInstallSpec, SkillMetadata } from "./skill-types.js";

/**
 * The only manifest key read. Classic `openclaw@2026.3.2` ships an empty legacy-key list, so
 * `clawdbot`, `clawdis` and `moltbot` blocks give no manifest (spec/skills.md §2.4).
 */
export const MANIFEST_KEY = "openclaw";

/**
 * The `openclaw` manifest from the lenient `metadata` string (spec/skills.md §2.4), parsed as
 * JSON5. `undefined` when the text is absent or not JSON5, or has no object member `openclaw`:
 * such a skill loads ungated. Pure; never throws.
 */
export function parseOpenClawMetadata(text: string | undefined): SkillMetadata | undefined {
  if (text === undefined) return undefined;
  const parsed = parseJson5(text);
  if (!isObject(parsed)) return undefined;
  const manifest = parsed[MANIFEST_KEY];
  if (!isObject(manifest)) return undefined;
  const metadata: SkillMetadata = {};
  if (typeof manifest.always === "boolean") metadata.always = manifest.always;
  for (const field of ["emoji", "homepage", "skillKey", "primaryEnv"] as const) {
    const value = manifest[field];
    if (typeof value === "string") metadata[field] = value;
  }
  const os = parseStringList(manifest.os);
  if (os.length > 0) metadata.os = os;
  const requires = manifest.requires;
  if (isObject(requires)) {
    metadata.requires = {
      bins: parseStringList(requires.bins),
      anyBins: parseStringList(requires.anyBins),
      env: parseStringList(requires.env),
      config: parseStringList(requires.config),
    };
  }
  const install = Array.isArray(manifest.install)
    ? manifest.install.map(parseInstallSpec).filter((spec): spec is SkillInstallSpec => spec !== undefined)
    : [];
  if (install.length > 0) metadata.install = install;
  return metadata;
}

/** Classic's test: any non-null object, lists included. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function parseJson5(text: string): unknown {
  try {
    // Plain JSON is the common case and JSON.parse is much faster; JSON5 gives the same value for it.
    return JSON.parse(text);
  } catch {
    return parseJson5Only(text);
  }
}

function parseJson5Only(text: string): unknown {
  try {
    return JSON5.parse(text);
  } catch {
    // Not JSON5: the spec's outcome is "no manifest", which `undefined` gives the caller.
    return undefined;
  }
}
