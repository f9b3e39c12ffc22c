import { isRecord } from "../domain/index.js";
import { compileSafeRegex } from "../platform/compile-safe-regex.js";
import { globToRegExp } from "./glob-to-reg-exp.js";

/** `tools.exec.security` and the store's `security` (spec/loop.md §8.1), weakest last. */
export const EXEC_SECURITY_LEVELS = ["deny", "allowlist", "full"] as const;
export type ExecSecurity = (typeof EXEC_SECURITY_LEVELS)[number];

/** `tools.exec.ask` and the store's `ask`, least asking first. */
export const EXEC_ASK_LEVELS = ["off", "on-miss", "always"] as const;
export type ExecAsk = (typeof EXEC_ASK_LEVELS)[number];

/** One allowlist entry of the approvals store. */
export interface ExecAllowlistEntry {
  id?: string;
  /** Glob matched case-insensitively against the resolved executable path or its bare name. */
  pattern: string;
  /** JavaScript regular expression tested against the segment's arguments joined by single spaces. */
  argPattern?: string;
  /** ms since the epoch. */
  lastUsedAt?: number;
  lastResolvedPath?: string;
}

/** Settings of one store scope (`defaults`, `agents.<id>`, `agents.*`); unset means "no opinion". */
export interface ExecApprovalsScope {
  security?: ExecSecurity;
  ask?: ExecAsk;
  askFallback?: ExecSecurity;
}

export interface ExecApprovalsAgent extends ExecApprovalsScope {
  allowlist: ExecAllowlistEntry[];
}

/** `<stateDir>/exec-approvals.json` (spec/loop.md §8.1), validated. */
export interface ExecApprovals {
  version: 1;
  defaults: ExecApprovalsScope & { autoAllowSkills?: boolean };
  agents: Record<string, ExecApprovalsAgent>;
}

export type ParsedExecApprovals =
  | { ok: true; approvals: ExecApprovals; raw: Record<string, unknown> }
  | { ok: false; problem: string };

export const EMPTY_EXEC_APPROVALS: ExecApprovals = { version: 1, defaults: {}, agents: {} };

class StoreProblem extends Error {}

function readChoice<T extends string>(
  scope: Record<string, unknown>,
  key: string,
  choices: readonly T[],
  at: string,
): T | undefined {
  const value = scope[key];
  if (value === undefined) return undefined;
  if (typeof value === "string" && (choices as readonly string[]).includes(value)) return value as T;
  throw new StoreProblem(`${at}.${key} must be one of ${choices.join(", ")}, found ${JSON.stringify(value)}`);
}

function readScope(value: unknown, at: string): ExecApprovalsScope {
  if (!isRecord(value)) throw new StoreProblem(`${at} must be an object`);
  const security = readChoice(value, "security", EXEC_SECURITY_LEVELS, at);
  const ask = readChoice(value, "ask", EXEC_ASK_LEVELS, at);
  const askFallback = readChoice(value, "askFallback", EXEC_SECURITY_LEVELS, at);
  return {
    ...(security === undefined ? {} : { security }),
    ...(ask === undefined ? {} : { ask }),
    ...(askFallback === undefined ? {} : { askFallback }),
  };
}

function readEntry(value: unknown, at: string): ExecAllowlistEntry {
  if (!isRecord(value)) throw new StoreProblem(`${at} must be an object`);
  const { id, pattern, argPattern, lastUsedAt, lastResolvedPath } = value;
  if (typeof pattern !== "string" || pattern.trim() === "") {
    throw new StoreProblem(`${at}.pattern must be a non-empty string`);
  }
  const glob = globToRegExp({ glob: pattern.trim(), ignoreCase: true });
  if (!glob.ok) throw new StoreProblem(`${at}.pattern is not a usable glob (${glob.problem})`);
  if (argPattern !== undefined) {
    if (typeof argPattern !== "string") throw new StoreProblem(`${at}.argPattern must be a string`);
    const compiled = compileSafeRegex({ pattern: argPattern });
    if (!compiled.ok)
      throw new StoreProblem(`${at}.argPattern is not a valid regular expression (${compiled.problem})`);
  }
  return {
    ...(typeof id === "string" ? { id } : {}),
    pattern: pattern.trim(),
    ...(typeof argPattern === "string" ? { argPattern } : {}),
    ...(typeof lastUsedAt === "number" ? { lastUsedAt } : {}),
    ...(typeof lastResolvedPath === "string" ? { lastResolvedPath } : {}),
  };
}

function readAgent(value: unknown, at: string): ExecApprovalsAgent {
  const scope = readScope(value, at);
  const allowlist = (value as Record<string, unknown>).allowlist;
  if (allowlist !== undefined && !Array.isArray(allowlist)) throw new StoreProblem(`${at}.allowlist must be a list`);
  return {
    ...scope,
    allowlist: (allowlist ?? []).map((entry, index) => readEntry(entry, `${at}.allowlist[${index}]`)),
  };
}

/**
 * Parses the approvals store's text. Any deviation from the shape of spec/loop.md §8.1 (bad
 * JSON, wrong types, unknown enum values, a `pattern` glob or an `argPattern` the linear-time regex
 * engine refuses)
 * is a problem with its location, never a silently weaker policy. Unknown keys are kept in `raw`
 * so a rewrite preserves them. Pure.
 */
export function parseExecApprovals(text: string): ParsedExecApprovals {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `not valid JSON (${(error as Error).message})` };
  }
  try {
    if (!isRecord(data)) throw new StoreProblem("the top level must be a JSON object");
    if (data.version !== undefined && data.version !== 1) {
      throw new StoreProblem(`version must be 1, found ${JSON.stringify(data.version)}`);
    }
    const defaultsValue = data.defaults ?? {};
    const defaults = readScope(defaultsValue, "defaults");
    const autoAllowSkills = (defaultsValue as Record<string, unknown>).autoAllowSkills;
    if (autoAllowSkills !== undefined && typeof autoAllowSkills !== "boolean") {
      throw new StoreProblem("defaults.autoAllowSkills must be true or false");
    }
    const agentsValue = data.agents ?? {};
    if (!isRecord(agentsValue)) throw new StoreProblem("agents must be an object keyed by agent id or *");
    const agents: Record<string, ExecApprovalsAgent> = {};
    for (const [id, agent] of Object.entries(agentsValue)) agents[id] = readAgent(agent, `agents.${id}`);
    return {
      ok: true,
      approvals: {
        version: 1,
        defaults: { ...defaults, ...(typeof autoAllowSkills === "boolean" ? { autoAllowSkills } : {}) },
        agents,
      },
      raw: data,
    };
  } catch (error) {
    if (error instanceof StoreProblem) return { ok: false, problem: error.message };
    throw error;
  }
}
