export interface ColorInputs {
  /** The host environment (`NO_COLOR`, `FORCE_COLOR`, `TERM`). */
  env: Readonly<Record<string, string>>;
  /** Whether the output is an interactive terminal. */
  isTerminal: boolean;
}

/**
 * Whether printed output gets ANSI colours. First rule that applies wins:
 * 1. `FORCE_COLOR` set and non-empty: `0` or `false` means no colour, any other value colour
 *    (also in a pipe or a CI log);
 * 2. `NO_COLOR` set and non-empty: no colour, even on a terminal;
 * 3. `TERM=dumb`: no colour;
 * 4. otherwise colour exactly when the output is a terminal.
 * Pure: the caller passes the host's env and terminal flag.
 */
export function decideColor(inputs: ColorInputs): boolean {
  const force = inputs.env.FORCE_COLOR;
  if (force !== undefined && force !== "") return force !== "0" && force.toLowerCase() !== "false";
  const noColor = inputs.env.NO_COLOR;
  if (noColor !== undefined && noColor !== "") return false;
  if (inputs.env.TERM === "dumb") return false;
  return inputs.isTerminal;
}
