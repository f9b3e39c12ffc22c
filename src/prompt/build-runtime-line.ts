/** Facts rendered in the runtime line (spec/prompt.md §7.1). */
export interface RuntimeInfo {
  agentId?: string;
  host?: string;
  repoRoot?: string;
  os?: string;
  arch?: string;
  node?: string;
  model?: string;
  defaultModel?: string;
  shell?: string;
  channel?: string;
  capabilities?: readonly string[];
}

function present(value: string | undefined): value is string {
  return value !== undefined && value !== "";
}

/** `Runtime: <field>=<value> | ...`, fields in the spec's order; `thinking` is always last. */
export function buildRuntimeLine(info: RuntimeInfo | undefined, thinkLevel?: string): string {
  const fields: string[] = [];
  if (info !== undefined) {
    if (present(info.agentId)) fields.push(`agent=${info.agentId}`);
    if (present(info.host)) fields.push(`host=${info.host}`);
    if (present(info.repoRoot)) fields.push(`repo=${info.repoRoot}`);
    if (present(info.os)) fields.push(present(info.arch) ? `os=${info.os} (${info.arch})` : `os=${info.os}`);
    else if (present(info.arch)) fields.push(`arch=${info.arch}`);
    if (present(info.node)) fields.push(`node=${info.node}`);
    if (present(info.model)) fields.push(`model=${info.model}`);
    if (present(info.defaultModel)) fields.push(`default_model=${info.defaultModel}`);
    if (present(info.shell)) fields.push(`shell=${info.shell}`);
    const channel = (info.channel ?? "").trim().toLowerCase();
    if (channel !== "") {
      fields.push(`channel=${channel}`);
      const capabilities = (info.capabilities ?? [])
        .map((entry) => String(entry).trim())
        .filter((entry) => entry !== "");
      fields.push(`capabilities=${capabilities.length > 0 ? capabilities.join(",") : "none"}`);
    }
  }
  const think = thinkLevel !== undefined && thinkLevel.trim() !== "" ? thinkLevel : "off";
  fields.push(`thinking=${think}`);
  return `Runtime: ${fields.join(" | ")}`;
}

/** Shell name for the runtime line (spec/prompt.md §7.2). */
export function detectShell(env: Readonly<Record<string, string>>, platform: string): string | undefined {
  const normalise = (value: string): string =>
    (value.trim().split(/[\\/]/).pop() ?? "").replace(/\.(exe|cmd|bat)$/i, "").replace(/[^A-Za-z0-9_-]/g, "");
  const explicit = env.CLAWDBOT_SHELL?.trim();
  if (explicit) return normalise(explicit) || undefined;
  if (platform === "win32") return env.POWERSHELL_DISTRIBUTION_CHANNEL ? "pwsh" : "powershell";
  if (env.SHELL?.trim()) return normalise(env.SHELL) || undefined;
  if (env.POWERSHELL_DISTRIBUTION_CHANNEL) return "pwsh";
  if (env.BASH_VERSION) return "bash";
  if (env.ZSH_VERSION) return "zsh";
  if (env.FISH_VERSION) return "fish";
  if (env.KSH_VERSION) return "ksh";
  if (env.NU_VERSION || env.NUSHELL_VERSION) return "nu";
  return undefined;
}
