import type { Host } from "../domain/index.js";
import type { SecretRedactor } from "./create-secret-redactor.js";

/**
 * `host` with everything written to stdout and stderr passed through `redactor` first; the
 * rest is the same host. Secrets the redactor learns later apply to later writes. A secret
 * split across two writes is not seen: callers write whole lines.
 */
export function redactHostOutput(host: Host, redactor: SecretRedactor): Host {
  return {
    ...host,
    stdout: (text) => host.stdout(redactor.redactText(text)),
    stderr: (text) => host.stderr(redactor.redactText(text)),
  };
}
