/** Why a unit was aborted: its own timeout, or an interrupt of the whole run. */
export class UnitAbort {
  readonly kind: "timeout" | "interrupt";
  readonly message: string;
  constructor(kind: "timeout" | "interrupt", message: string) {
    this.kind = kind;
    this.message = message;
  }
}

/** `errored` for a timeout (it counts as a failure), `interrupted` for an interrupt. */
export function abortStatus(reason: unknown): { status: "errored" | "interrupted"; error: string } {
  if (reason instanceof UnitAbort) {
    return { status: reason.kind === "timeout" ? "errored" : "interrupted", error: reason.message };
  }
  return { status: "interrupted", error: String(reason) };
}
