/** claw-eval's version, recorded in results.json and printed by `--version` (a test keeps it equal to package.json). */
export const TOOL_VERSION = "0.1.0";
