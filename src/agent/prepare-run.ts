import type { EventSink, Message, Model, Runtime, Tool } from "../domain/index.js";
import { parseModelId } from "../domain/index.js";
import { buildRunSystemPrompt } from "../prompt/build-run-system-prompt.js";
import type { SandboxPromptInfo } from "../prompt/system-prompt-input.js";
import { applyPromptHooks } from "./apply-prompt-hooks.js";
import type { RunHooks } from "./create-run-hooks.js";
import type { createSkillsSession } from "./create-skills-session.js";
import { resolveRunModel } from "./resolve-run-model.js";

export interface PrepareRunOptions {
  runtime: Runtime;
  hooks: RunHooks;
  emit: EventSink;
  base: { runId: string; sessionKey: string };
  sessionId: string;
  /** The run's user text. */
  prompt: string;
  /** The session history before this run. */
  history: readonly Message[];
  model: Model;
  resolveModel?: (id: string) => Model | undefined;
  skills: Pick<ReturnType<typeof createSkillsSession>, "prepareTurn">;
  tools: readonly Tool[];
  config: Readonly<Record<string, unknown>>;
  agentId: string;
  workspaceDir: string;
  /** Sandbox facts for the prompt's Sandbox section when the session is sandboxed. */
  sandbox?: SandboxPromptInfo;
  /** Extra system prompt text of this run (a group chat's context, the memory flush's instructions). */
  extraSystemPrompt?: string;
  /** The channel the message came from, named on the prompt's runtime line. */
  channel?: string;
}

export interface PreparedRun {
  model: Model;
  systemPrompt: string;
  /** The user text the model sees (with any `prependContext`). */
  prompt: string;
  /** `llm_input` / `llm_output` identity fields. */
  llm: { runId: string; sessionId: string; provider: string; model: string };
}

/**
 * Everything before the loop (spec/loop.md §2.1 steps 4–7): model hooks and override, skills
 * snapshot, system prompt, `before_prompt_build`, `prompt_built` (the prompt the model gets),
 * then `llm_input`.
 */
export async function prepareRun(options: PrepareRunOptions): Promise<PreparedRun> {
  const { hooks, emit, base, prompt, history } = options;
  const { model, legacy } = await resolveRunModel({
    hooks,
    prompt,
    messages: history,
    model: options.model,
    ...(options.resolveModel ? { resolveModel: options.resolveModel } : {}),
  });
  const modelName = parseModelId(model.id);
  const modelId = modelName.name.replace(/@.*$/, "");
  const { skillsPrompt, ...skillsEvent } = await options.skills.prepareTurn();
  emit({ ...base, type: "skills_snapshot", ...skillsEvent });
  const built = await buildRunSystemPrompt(
    {
      config: options.config,
      agentId: options.agentId,
      sessionKey: base.sessionKey,
      workspaceDir: options.workspaceDir,
      provider: modelName.provider,
      ...(modelId === "" ? {} : { modelId }),
      cwd: options.workspaceDir,
      tools: options.tools,
      skillsPrompt,
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
      ...(options.extraSystemPrompt === undefined ? {} : { extraSystemPrompt: options.extraSystemPrompt }),
      ...(options.channel === undefined ? {} : { channel: options.channel }),
    },
    options.runtime,
  );
  const final = await applyPromptHooks({ hooks, prompt, messages: history, systemPrompt: built.text, legacy });
  emit({ ...base, type: "prompt_built", systemPrompt: final.systemPrompt, mode: built.mode });
  const llm = { runId: base.runId, sessionId: options.sessionId, provider: modelName.provider, model: modelId };
  await hooks.fire("llm_input", {
    ...llm,
    systemPrompt: final.systemPrompt,
    prompt: final.prompt,
    historyMessages: history,
    imagesCount: 0,
  });
  return { model, systemPrompt: final.systemPrompt, prompt: final.prompt, llm };
}
