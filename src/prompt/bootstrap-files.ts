import { resolveConfigSection } from "../config/resolve-openclaw-config.js";

/** A workspace bootstrap file as loaded (spec/prompt.md §9.1). `path` is absolute. */
export interface BootstrapFile {
  name: string;
  path: string;
  content?: string;
  missing: boolean;
}

/** A file block injected into `# Project Context`. */
export interface ContextFile {
  path: string;
  content: string;
}

/** What happened to one injected file block (spec/prompt.md §1.2). Counts are chars. */
export interface ContextFileReport {
  path: string;
  missing: boolean;
  originalChars: number;
  injectedChars: number;
  headChars: number;
  tailChars: number;
  truncated: boolean;
}

/** Always listed, loaded or missing, in this order. */
export const BOOTSTRAP_FILE_NAMES = [
  "AGENTS.md",
  "SOUL.md",
  "TOOLS.md",
  "IDENTITY.md",
  "USER.md",
  "HEARTBEAT.md",
  "BOOTSTRAP.md",
] as const;

/** Listed only when they exist. */
export const MEMORY_FILE_NAMES = ["MEMORY.md", "memory.md"] as const;

/** Files a sub-agent or cron session keeps (spec/prompt.md §9.3). */
export const REDUCED_BOOTSTRAP_NAMES: ReadonlySet<string> = new Set([
  "AGENTS.md",
  "TOOLS.md",
  "SOUL.md",
  "IDENTITY.md",
  "USER.md",
]);

export const BOOTSTRAP_READ_LIMIT_BYTES = 2 * 1024 * 1024;
const AGENT_DEFAULTS = resolveConfigSection({}, "agents").defaults;
/** Chars per bootstrap file: the schema's default of `agents.defaults.bootstrapMaxChars`. */
export const DEFAULT_BOOTSTRAP_MAX_CHARS = AGENT_DEFAULTS.bootstrapMaxChars;
/** Chars over all bootstrap files: the schema's default of `agents.defaults.bootstrapTotalMaxChars`. */
export const DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS = AGENT_DEFAULTS.bootstrapTotalMaxChars;
/** Lines of `MEMORY.md` injected (spec/memory.md §1.1); `agents.defaults.memoryMaxLines: 0` disables the cap. */
export const DEFAULT_MEMORY_MAX_LINES = AGENT_DEFAULTS.memoryMaxLines;
