import type { WorkspaceFileChange } from "../domain/index.js";
import type { WorkspaceSnapshot } from "./load-workspace-snapshot.js";

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (prefix.length > bytes.length) return false;
  for (let index = 0; index < prefix.length; index++) if (bytes[index] !== prefix[index]) return false;
  return true;
}

/**
 * The files that differ between two snapshots of one workspace, sorted by path (pure). A
 * `modified` file whose bytes both snapshots kept also says whether the earlier bytes are still
 * an exact prefix of the new ones.
 */
export function diffWorkspaceSnapshots(before: WorkspaceSnapshot, after: WorkspaceSnapshot): WorkspaceFileChange[] {
  const paths = [...new Set([...before.hashes.keys(), ...after.hashes.keys()])].sort();
  return paths.flatMap((path): WorkspaceFileChange[] => {
    const old = before.hashes.get(path);
    const now = after.hashes.get(path);
    if (old === now) return [];
    if (old === undefined) return [{ path, change: "created" }];
    if (now === undefined) return [{ path, change: "deleted" }];
    const oldBytes = before.kept.get(path);
    const newBytes = after.kept.get(path);
    if (oldBytes === undefined || newBytes === undefined) return [{ path, change: "modified" }];
    return [{ path, change: "modified", prefixKept: startsWith(newBytes, oldBytes) }];
  });
}
