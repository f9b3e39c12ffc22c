import { hasTool, toolDisplayName } from "../format-tool-list.js";
import type { NormalisedSandbox } from "../normalise-prompt-input.js";
import { FULL_AND_MINIMAL, type PromptSection, type SectionContext } from "./prompt-section.js";

function elevatedLines(sandbox: NormalisedSandbox): string[] {
  if (sandbox.elevated?.allowed !== true) return [];
  return [
    "Elevated exec (on the host) is available in this session.",
    "The user can switch it with /elevated on|off|ask|full.",
    "You may send /elevated on|off|ask|full yourself as well.",
    `Current elevated level: ${sandbox.elevated.defaultLevel} (ask = host exec with approvals; full = auto-approve).`,
  ];
}

function sandboxLines(context: SectionContext, sandbox: NormalisedSandbox): string[] {
  const lines = [
    "Tools run inside Docker here (sandboxed runtime).",
    "The sandbox policy may withhold some tools.",
    "Sub-agents inherit this sandbox (no elevated or host access); work that needs reads or writes outside it is raised with the user, not delegated.",
  ];
  if (hasTool(context.tools, "sessions_spawn") && context.acpEnabled) {
    const spawn = toolDisplayName(context.tools, "sessions_spawn");
    lines.push(
      `ACP harness spawns (${spawn} with runtime: "acp") are blocked in this sandbox; use runtime: "subagent" instead.`,
    );
  }
  if (sandbox.containerWorkspaceDir !== undefined) {
    lines.push(`Sandbox container workdir: ${sandbox.containerWorkspaceDir}`);
  }
  if (sandbox.workspaceDir !== undefined) {
    lines.push(
      `Sandbox host mount source (file tools bridge only; not valid inside sandbox exec): ${sandbox.workspaceDir}`,
    );
  }
  if (sandbox.workspaceAccess !== undefined) {
    const mount = sandbox.agentWorkspaceMount === undefined ? "" : ` (mounted at ${sandbox.agentWorkspaceMount})`;
    lines.push(`Agent workspace access: ${sandbox.workspaceAccess}${mount}`);
  }
  if (sandbox.browserBridgeUrl !== undefined) lines.push("A sandbox browser is enabled.");
  if (sandbox.browserNoVncUrl !== undefined) {
    lines.push(`Sandbox browser observer (noVNC): ${sandbox.browserNoVncUrl}`);
  }
  if (sandbox.hostBrowserAllowed === true) lines.push("Controlling the host browser is allowed.");
  if (sandbox.hostBrowserAllowed === false) lines.push("Controlling the host browser is blocked.");
  return [...lines, ...elevatedLines(sandbox)];
}

function render(context: SectionContext) {
  if (context.sandbox === undefined) return undefined;
  return { heading: "## Sandbox", elements: [sandboxLines(context, context.sandbox).join("\n")] };
}

/** `## Sandbox` (spec/prompt.md §6.13): when `sandbox.enabled === true`. */
export const sandboxSection: PromptSection = { modes: FULL_AND_MINIMAL, render };
