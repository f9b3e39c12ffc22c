import type { Host } from "../domain/index.js";
import type { SecretRedactor } from "../platform/create-secret-redactor.js";

/** What every command receives from the process edge (bin.ts). */
export interface CommandContext {
  host: Host;
  /** Aborted on SIGINT. */
  signal: AbortSignal;
  /**
   * Knows the host's API keys and tokens; commands add the secrets of configs they load. The
   * host's stdout and stderr already pass through it; file sinks apply it themselves.
   */
  redactor: SecretRedactor;
}

/** Exit codes (DESIGN.md CLI). */
export const EXIT = { ok: 0, failed: 1, invalid: 2, incomplete: 3 } as const;

/** An input problem found while parsing options: printed, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
