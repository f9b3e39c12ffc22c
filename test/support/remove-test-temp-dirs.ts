import { readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testProcessTag } from "../../src/platform/create-test-runtime.js";

/** The mkdtemp suffix: six letters or digits. */
const TEMP_SUFFIX = "[A-Za-z0-9]{6}";

/**
 * Whether a temp folder name is one this test process made: `claw-eval-<prefix>-<tag>-XXXXXX`
 * with this process's {@link testProcessTag}, as `createTestRuntime` and `makeTempDir` name them.
 */
export function isOwnTestTempDir(name: string, tag: string): boolean {
  return new RegExp(`^claw-eval-(?:[A-Za-z0-9]+-)*${tag}-${TEMP_SUFFIX}$`).test(name);
}

/**
 * Removes every temp folder this test process made (test runtime roots and `makeTempDir`
 * folders) and nothing else. Returns the names removed, sorted.
 */
export function removeTestTempDirs(): string[] {
  const root = tmpdir();
  const tag = testProcessTag();
  const removed = readdirSync(root)
    .filter((name) => isOwnTestTempDir(name, tag))
    .sort();
  for (const name of removed) rmSync(join(root, name), { recursive: true, force: true });
  return removed;
}
