import { readdirSync, readFileSync } from "node:fs";

/** Whether a process is running: it exists and is neither a zombie nor dead (`/proc/<pid>/stat`). */
export function isProcessRunning(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return false;
  }
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return state !== "Z" && state !== "X" && state !== "x";
}

/**
 * Ids of the running processes whose environment holds `entry` (`NAME=value`). Give the commands
 * of a test a unique variable and this finds everything they started, in any process group or
 * pid namespace. Zombies have no environment left and are not listed.
 */
export function processesWithEnvironment(entry: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let environment: string;
    try {
      environment = readFileSync(`/proc/${name}/environ`, "latin1");
    } catch {
      continue;
    }
    if (environment.split("\0").includes(entry)) found.push(Number(name));
  }
  return found;
}

/**
 * Polls `condition` every `intervalMs` (default 50) until it holds; resolves `false` if it still
 * does not after `deadlineMs`. A generous deadline keeps a loaded machine from failing a test
 * whose condition holds a little late, while a condition that never holds still fails it.
 */
export async function waitFor(
  condition: () => boolean,
  options: { deadlineMs: number; intervalMs?: number },
): Promise<boolean> {
  const interval = options.intervalMs ?? 50;
  for (let waited = 0; waited <= options.deadlineMs; waited += interval) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
  return condition();
}
