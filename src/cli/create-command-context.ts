import { collectEnvSecrets } from "../platform/collect-secrets.js";
import { createSecretRedactor } from "../platform/create-secret-redactor.js";
import { redactHostOutput } from "../platform/redact-host-output.js";
import type { CommandContext } from "./command-context.js";

/** What the process edge (bin.ts, or a test) hands to the CLI. */
export type ProcessContext = Omit<CommandContext, "redactor">;

/**
 * The context every command gets: a redactor that knows each credential-looking variable of
 * the host environment (commands add the secrets of the configs they load), and a host whose
 * stdout and stderr pass through it, so nothing the CLI prints can carry a key.
 */
export function createCommandContext(edge: ProcessContext): CommandContext {
  const redactor = createSecretRedactor(collectEnvSecrets(edge.host.env));
  return { ...edge, host: redactHostOutput(edge.host, redactor), redactor };
}
