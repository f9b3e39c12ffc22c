import { type AgentSession, createAgentSession } from "../agent/create-agent-session.js";
import { createHookRegistry } from "../agent/create-hook-registry.js";
import type { EventSink, Host } from "../domain/index.js";
import { displayPathFor } from "../scenarios/load-scenarios.js";
import { createBuiltinTools } from "../tools/create-builtin-tools.js";
import type { UnitModels } from "./create-unit-models.js";
import { loadHookModules } from "./load-hook-modules.js";
import { loadSessionPreload } from "./load-session-preload.js";
import type { WorkUnit } from "./plan-units.js";
import type { UnitEnvironment } from "./prepare-unit-environment.js";

export interface CreateUnitSessionOptions {
  unit: WorkUnit;
  host: Host;
  environment: UnitEnvironment;
  models: UnitModels;
  importModule: (path: string) => Promise<Record<string, unknown>>;
  /** Receives every event of the session's runs. */
  emit: EventSink;
  /** The unit's abort signal: hook imports, registrations and calls stop waiting once it aborts. */
  signal: AbortSignal;
}

/**
 * The unit's agent session: registers the scenario's hook modules, loads its `session:`
 * transcript, and opens the session over the unit's workspace with every built-in tool.
 * Rejects naming the file when a hook module or the transcript is invalid.
 */
export async function createUnitSession(options: CreateUnitSessionOptions): Promise<AgentSession> {
  const { unit, host, environment, models } = options;
  const scenario = unit.scenario;
  // Handlers are awaited as real work: the wall time a slow hook takes can reach the run timeout.
  const hooks = createHookRegistry({ signal: options.signal, realWait: environment.runtime.realWait });
  await loadHookModules({
    signal: options.signal,
    paths: scenario.hooks,
    importModule: options.importModule,
    registry: hooks,
    displayPath: (path) => displayPathFor(host.cwd, path),
  });
  const preload =
    scenario.session === undefined
      ? undefined
      : await loadSessionPreload({
          host,
          runtime: environment.runtime,
          file: scenario.session,
          displayPath: displayPathFor(host.cwd, scenario.session),
        });
  return createAgentSession({
    runtime: environment.runtime,
    model: models.model,
    tools: Object.values(createBuiltinTools()),
    workspaceDir: environment.workspaceDir,
    config: scenario.config,
    scenarioId: scenario.id,
    unitId: unit.unitId,
    repeat: unit.repeat,
    maxSteps: scenario.maxSteps,
    emit: options.emit,
    monotonic: host.monotonic,
    hooks,
    resolveModel: models.resolveModel,
    summaries: scenario.summaries,
    ...(scenario.contextWindow === undefined ? {} : { contextWindow: scenario.contextWindow }),
    ...(scenario.stream ? { stream: true } : {}),
    ...(preload === undefined ? {} : { preload }),
  });
}
