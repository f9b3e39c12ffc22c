import type { FuzzOutcome, FuzzTransport } from "./fuzz-types.js";

/** One CLI invocation to run. */
export interface TransportRequest {
  cwd: string;
  argv: readonly string[];
  env: Record<string, string>;
  /** Wall time after which the run is killed and counts as hung, ms. */
  deadlineMs: number;
}

export type TransportResult = Omit<FuzzOutcome, "escapes">;

/** Runs CLI invocations, in a worker process (`in-process`) or as the real binary (`cli`). */
export interface Transport {
  readonly name: FuzzTransport;
  run(request: TransportRequest): Promise<TransportResult>;
  close(): void;
}

/** Heap limit of every child, so an input that grows without bound dies early instead of starving the machine. */
export const CHILD_HEAP_MB = 1024;

/** Environment variables no fuzzed run may see: live-provider keys and endpoints, and inherited Node options. */
export const WITHHELD_ENV: readonly string[] = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "NODE_OPTIONS",
];

/** This process's environment without `WITHHELD_ENV`. */
export function childEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !WITHHELD_ENV.includes(key)) env[key] = value;
  }
  return env;
}
