import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import type { QueueMode } from "../domain/index.js";

/** How a unit's sessions schedule their runs (spec/loop.md §1, §2.1). */
export interface LaneSettings {
  queue: {
    mode: QueueMode;
    /** Quiet time a collected batch waits for before its run starts, ms. */
    debounceMs: number;
    /** Messages a session may hold queued. */
    cap: number;
    /** What goes when the queue is full: the oldest, the newest, or the oldest with a summary line kept. */
    drop: "old" | "new" | "summarize";
  };
  /** `agents.defaults.timeoutSeconds` in ms. */
  runTimeoutMs: number;
  /** Runs of main-type sessions (main, groups, channels) at once (`agents.defaults.maxConcurrent`). */
  mainConcurrency: number;
  /** Sub-agent runs at once (`agents.defaults.subagents.maxConcurrent`). */
  subagentConcurrency: number;
}

/** Reads the lane settings from openclaw.json (defaults from the config layer). Pure. */
export function readLaneSettings(config: Readonly<Record<string, unknown>>): LaneSettings {
  const resolved = resolveOpenClawConfig(config);
  const defaults = resolved.agents.defaults;
  return {
    queue: { ...resolved.messages.queue },
    runTimeoutMs: Math.round(defaults.timeoutSeconds * 1000),
    mainConcurrency: Math.max(1, Math.floor(defaults.maxConcurrent)),
    subagentConcurrency: Math.max(1, Math.floor(defaults.subagents.maxConcurrent)),
  };
}
