import { createHash, createHmac } from "node:crypto";
import type { OwnerDisplay } from "./system-prompt-input.js";

export interface OwnerIdOptions {
  /** Owner ids as configured; entries are trimmed and blanks dropped. */
  ownerNumbers: readonly string[];
  /** `raw` shows ids as given; anything else (default) hashes them. */
  display?: OwnerDisplay | string;
  /** HMAC-SHA-256 key, trimmed; blank or absent means plain SHA-256. */
  secret?: string;
}

const HASH_PREFIX_LENGTH = 12;

/**
 * The owner ids shown in `## Authorized Senders` (spec/prompt.md §6.14): trimmed ids, or the
 * first 12 hex chars of SHA-256 (HMAC-SHA-256 with the trimmed secret when it is non-blank).
 */
export function formatOwnerIds(options: OwnerIdOptions): string[] {
  const ids = options.ownerNumbers.map((id) => id.trim()).filter((id) => id !== "");
  if (options.display === "raw") return ids;
  const secret = options.secret?.trim() ?? "";
  return ids.map((id) => {
    const digest = secret === "" ? createHash("sha256") : createHmac("sha256", secret);
    return digest.update(id).digest("hex").slice(0, HASH_PREFIX_LENGTH);
  });
}
