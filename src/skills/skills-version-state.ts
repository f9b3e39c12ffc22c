/** Why the skills version moved (spec/skills.md §12.2–§12.3). */
export type SkillsChangeReason = "manual" | "watch" | "remote-node";

/** What listeners receive on every bump. */
export interface SkillsChange {
  workspaceDir?: string;
  reason: SkillsChangeReason;
  changedPath?: string;
}

/** Called synchronously on every bump; must not throw. */
export type SkillsChangeListener = (change: SkillsChange) => void;

/**
 * The skills version counters of one process (spec/skills.md §12.2): a global counter and one per
 * workspace path, both starting at 0, plus the change listeners. An explicit object owned by its
 * creator (the agent host), never a module-level singleton.
 */
export interface SkillsVersionState {
  /** Milliseconds since the epoch; injected so versions are reproducible. */
  readonly now: () => number;
  global: number;
  readonly workspaces: Map<string, number>;
  readonly listeners: Set<SkillsChangeListener>;
}

export function createSkillsVersionState(options: { now: () => number }): SkillsVersionState {
  return { now: options.now, global: 0, workspaces: new Map(), listeners: new Set() };
}

export interface BumpSkillsVersionOptions {
  /** Bump this workspace's counter; absent → the global one. */
  workspaceDir?: string;
  /** Default `manual`. */
  reason?: SkillsChangeReason;
  changedPath?: string;
}

/**
 * Advances a counter to `now` when the clock is ahead of it, else by one (monotonic even with a
 * frozen clock), notifies the listeners and returns the new value.
 */
export function bumpSkillsVersion(state: SkillsVersionState, options: BumpSkillsVersionOptions = {}): number {
  const { workspaceDir, reason = "manual", changedPath } = options;
  const current = workspaceDir === undefined ? state.global : (state.workspaces.get(workspaceDir) ?? 0);
  const now = state.now();
  const next = now > current ? now : current + 1;
  if (workspaceDir === undefined) state.global = next;
  else state.workspaces.set(workspaceDir, next);
  const change: SkillsChange = {
    ...(workspaceDir === undefined ? {} : { workspaceDir }),
    reason,
    ...(changedPath === undefined ? {} : { changedPath }),
  };
  for (const listener of state.listeners) listener(change);
  return next;
}

/** `max(global, workspace)` for a workspace; the global counter without one. */
export function getSkillsVersion(state: SkillsVersionState, workspaceDir?: string): number {
  if (workspaceDir === undefined) return state.global;
  return Math.max(state.global, state.workspaces.get(workspaceDir) ?? 0);
}

/** Registers a listener for every later bump; returns the function that removes it. */
export function onSkillsVersionChange(state: SkillsVersionState, listener: SkillsChangeListener): () => void {
  state.listeners.add(listener);
  return () => {
    state.listeners.delete(listener);
  };
}
