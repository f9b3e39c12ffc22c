import type { OpenClawConfigInput } from "../config/openclaw-config-schema.js";
import { readSkillEntryConfig, resolveSkillKey } from "./resolve-skill-key.js";
import type { SkillEntry, SkillSnapshot } from "./skill-types.js";

/** A skill as §13 sees it: its `skills.entries` key and the env it declares. */
export interface SkillEnvTarget {
  /** The snapshot skill's name, or the entry's skillKey. */
  key: string;
  primaryEnv?: string;
  requiredEnv?: readonly string[];
}

export interface ApplySkillEnvOverridesOptions {
  config: OpenClawConfigInput | undefined;
  /** The environment the run already has; a variable set to a non-empty value is never replaced. */
  env: Readonly<Record<string, string | undefined>>;
  /** In order: the first skill to claim a variable wins. */
  skills: readonly SkillEnvTarget[];
  /** Turns a non-string `apiKey` (a secret reference) into its value; default: only strings count. */
  resolveSecret?: (reference: unknown) => string | undefined;
}

export type RefusedSkillEnvReason = "dangerous" | "credential" | "nul";

export interface SkillEnvOverrides {
  /** Variables to add for the run only; the caller restores the environment when it ends. */
  env: Record<string, string>;
  /** Refused variables (the warnings of §13), in the order met. */
  refused: { skill: string; key: string; reason: RefusedSkillEnvReason }[];
}

const DANGEROUS_NAMES: ReadonlySet<string> = new Set([
  "OPENSSL_CONF",
  "PATH",
  "HOME",
  "SHELL",
  "ENV",
  "BASH_ENV",
  "IFS",
  "PS4",
  "PROMPT_COMMAND",
  "NODE_OPTIONS",
  "NODE_PATH",
  "PYTHONPATH",
  "PYTHONHOME",
  "PYTHONSTARTUP",
  "PERL5LIB",
  "PERL5OPT",
  "RUBYLIB",
  "RUBYOPT",
  "JAVA_TOOL_OPTIONS",
  "GCONV_PATH",
  "GIT_SSH_COMMAND",
  "GIT_EXEC_PATH",
  "SSLKEYLOGFILE",
]);
const DANGEROUS_PREFIXES: readonly string[] = ["LD_", "DYLD_", "BASH_FUNC_"];
const CREDENTIAL_SUFFIXES: readonly string[] = ["API_KEY", "TOKEN", "PASSWORD", "PRIVATE_KEY", "SECRET"];
const CREDENTIAL_NAMES: ReadonlySet<string> = new Set([
  "AWS_ACCESS_KEY_ID",
  "AWS_SECRET_ACCESS_KEY",
  "GOOGLE_APPLICATION_CREDENTIALS",
  "AZURE_OPENAI_KEY",
]);

function isDangerous(name: string): boolean {
  const upper = name.toUpperCase();
  return DANGEROUS_NAMES.has(upper) || DANGEROUS_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

function isCredential(name: string): boolean {
  const upper = name.toUpperCase();
  return CREDENTIAL_NAMES.has(upper) || CREDENTIAL_SUFFIXES.some((suffix) => upper.endsWith(suffix));
}

/** §13 targets of merged entries (keyed by skillKey). */
export function skillEnvTargetsFromEntries(entries: readonly SkillEntry[]): SkillEnvTarget[] {
  return entries.map((entry) => {
    const { primaryEnv, requires } = entry.metadata ?? {};
    return {
      key: resolveSkillKey(entry),
      ...(primaryEnv === undefined ? {} : { primaryEnv }),
      ...(requires === undefined ? {} : { requiredEnv: requires.env }),
    };
  });
}

/** §13 targets of a snapshot (keyed by name, as classic does). */
export function skillEnvTargetsFromSnapshot(skills: SkillSnapshot["skills"]): SkillEnvTarget[] {
  return skills.map(({ name, primaryEnv, requiredEnv }) => ({
    key: name,
    ...(primaryEnv === undefined ? {} : { primaryEnv }),
    ...(requiredEnv === undefined ? {} : { requiredEnv }),
  }));
}

/**
 * The run-scoped env additions of spec/skills.md §13 from `skills.entries.<key>.env` and
 * `.apiKey` (to `primaryEnv`). A pair applies when its key is non-blank, its value a non-empty
 * string and the variable neither set (non-empty) nor already claimed. Refused: dangerous host
 * variables and `OPENSSL_CONF`, credential-looking names other than the skill's `primaryEnv` or
 * `requires.env`, values containing NUL. Pure: returns the additions, changes nothing.
 */
export function applySkillEnvOverrides(options: ApplySkillEnvOverridesOptions): SkillEnvOverrides {
  const result: SkillEnvOverrides = { env: {}, refused: [] };
  const isSet = (key: string) => Object.hasOwn(result.env, key) || Boolean(options.env[key]);
  const offer = (skill: SkillEnvTarget, key: string, value: string, declared: boolean) => {
    if (isSet(key)) return;
    const reason: RefusedSkillEnvReason | undefined = isDangerous(key)
      ? "dangerous"
      : !declared && isCredential(key)
        ? "credential"
        : value.includes("\0")
          ? "nul"
          : undefined;
    if (reason === undefined) result.env[key] = value;
    else result.refused.push({ skill: skill.key, key, reason });
  };
  for (const skill of options.skills) {
    const entryConfig = readSkillEntryConfig(options.config, skill.key);
    if (entryConfig === undefined) continue;
    const declared = (key: string) => key === skill.primaryEnv || (skill.requiredEnv ?? []).includes(key);
    const pairs: unknown = entryConfig.env;
    if (pairs !== null && typeof pairs === "object" && !Array.isArray(pairs)) {
      for (const [rawKey, value] of Object.entries(pairs)) {
        const key = rawKey.trim();
        if (key === "" || typeof value !== "string" || value === "") continue;
        offer(skill, key, value, declared(key));
      }
    }
    const apiKey: unknown = entryConfig.apiKey;
    const secret = typeof apiKey === "string" ? apiKey : apiKey == null ? undefined : options.resolveSecret?.(apiKey);
    const primaryEnv = skill.primaryEnv?.trim() ?? "";
    if (secret !== undefined && secret !== "" && primaryEnv !== "") offer(skill, primaryEnv, secret, true);
  }
  return result;
}
