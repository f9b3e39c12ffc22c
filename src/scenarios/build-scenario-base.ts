import { dirname, resolve } from "node:path";
import {
  DEFAULT_CLOCK,
  DEFAULT_MAX_STEPS,
  type MessageOriginFile,
  OWNER_ORIGIN,
  type Scenario,
  type ScenarioFile,
  type SourceLocation,
  type Turn,
  type TurnArrival,
  type TurnFile,
} from "../domain/index.js";
import type { FieldPath, LocateField } from "./locate-yaml-node.js";
import { normaliseExpectation } from "./normalise-expectation.js";
import { normaliseHeartbeatSchedule } from "./normalise-heartbeat-schedule.js";
import { normaliseStep } from "./normalise-step.js";
import { parseTurnArrival } from "./parse-turn-arrival.js";
import { resolveMessageOrigin } from "./resolve-message-origin.js";

export interface BuildScenarioBaseOptions {
  scenarioFile: ScenarioFile;
  /** Absolute path of the scenario file; relative paths in it resolve against its folder. */
  path: string;
  /** File name in locations. */
  displayPath: string;
  fileId: string;
  locate: LocateField;
  /**
   * A scenario built earlier from a file sharing parts with this one (a case's file and the
   * file as written): turns, script and summary steps and expectations that are the same
   * objects in both files are taken from it instead of being normalised again.
   */
  reuse?: { scenarioFile: ScenarioFile; scenario: Scenario };
}

/**
 * The scenario as the file describes it, before any case: defaults applied (clock, `UTC`,
 * `[scripted]`, repeat 1, 25 steps, no summaries, no streaming), paths absolute (including
 * `session`), turns normalised (a turn keeps `summaries` only when it wrote them; arrival and
 * origin resolved), the heartbeat schedule normalised, id = file id. Pure;
 * reply patterns are not checked here (see `checkReplyPatterns`).
 */
export function buildScenarioBase(options: BuildScenarioBaseOptions): Scenario {
  const { scenarioFile: file, path, displayPath, locate } = options;
  const folder = dirname(path);
  const at = (fieldPath: FieldPath): SourceLocation => ({ file: displayPath, ...locate(fieldPath) });
  const reuse = options.reuse;
  const scenario: Scenario = {
    id: options.fileId,
    fileId: options.fileId,
    file: path,
    name: file.name,
    tags: [...(file.tags ?? [])],
    config: reuseOr(file.config, reuse?.scenarioFile.config, reuse?.scenario.config, () => ({ ...file.config })),
    env: reuseOr(file.env, reuse?.scenarioFile.env, reuse?.scenario.env, () => ({ ...file.env })),
    clockMs: Date.parse(file.clock ?? DEFAULT_CLOCK),
    timezone: file.timezone ?? "UTC",
    models: [...(file.models ?? ["scripted"])],
    repeat: file.repeat ?? 1,
    hooks: (file.hooks ?? []).map((hook) => resolve(folder, hook)),
    bins: [...(file.bins ?? [])],
    maxSteps: file.maxSteps ?? DEFAULT_MAX_STEPS,
    stream: file.stream ?? false,
    summaries: (file.summaries ?? []).map((step, index) =>
      reuseOr(step, reuse?.scenarioFile.summaries?.[index], reuse?.scenario.summaries[index], () =>
        normaliseStep(step),
      ),
    ),
    turns: file.turns.map((turn, index) => {
      const before = reuse?.scenarioFile.turns[index];
      const earlier = reuse?.scenario.turns[index];
      const turnReuse = before === undefined || earlier === undefined ? undefined : { file: before, turn: earlier };
      return reuseOr(turn, before, earlier, () =>
        normaliseTurn(turn, index, { folder, at, reuse: turnReuse, scenarioFrom: file.from }),
      );
    }),
  };
  if (file.description !== undefined) scenario.description = file.description;
  if (file.workspace !== undefined) scenario.workspace = resolve(folder, file.workspace);
  if (file.home !== undefined) scenario.home = resolve(folder, file.home);
  if (file.faults !== undefined) scenario.faults = { ...file.faults, kinds: [...file.faults.kinds] };
  if (file.golden !== undefined) {
    const systemPrompt = file.golden.systemPrompt;
    scenario.golden =
      systemPrompt === undefined
        ? {}
        : { systemPrompt: resolve(folder, systemPrompt), location: at(["golden", "systemPrompt"]) };
  }
  if (file.timeout !== undefined) scenario.timeoutMs = file.timeout * 1000;
  if (file.contextWindow !== undefined) scenario.contextWindow = file.contextWindow;
  if (file.session !== undefined) scenario.session = resolve(folder, file.session);
  if (file.heartbeats !== undefined) {
    const schedule = file.heartbeats;
    scenario.heartbeats = reuseOr(schedule, reuse?.scenarioFile.heartbeats, reuse?.scenario.heartbeats, () =>
      normaliseHeartbeatSchedule(schedule, { folder, at }),
    );
  }
  return scenario;
}

/** `earlier` when the part as written is the very object the earlier scenario was built from, else `build()`. */
function reuseOr<T>(written: unknown, before: unknown, earlier: T | undefined, build: () => T): T {
  return earlier !== undefined && written === before ? earlier : build();
}

interface TurnContext {
  folder: string;
  at: (path: FieldPath) => SourceLocation;
  /** The same turn of the reused scenario, as written and as built. */
  reuse: { file: TurnFile; turn: Turn } | undefined;
  /** The scenario's `from:`, which the turn's overrides. */
  scenarioFrom: MessageOriginFile | undefined;
}

function normaliseTurn(turn: TurnFile, index: number, context: TurnContext): Turn {
  const { folder, at, reuse, scenarioFrom } = context;
  const heartbeat = turn.heartbeat;
  const kind =
    turn.user !== undefined ? "user" : heartbeat !== undefined && heartbeat !== false ? "heartbeat" : "system";
  return {
    index,
    kind,
    arrival: arrivalOf(turn),
    origin: kind === "user" ? resolveMessageOrigin({ scenario: scenarioFrom, turn: turn.from }).origin : OWNER_ORIGIN,
    text: kind === "user" ? (turn.user ?? "") : kind === "system" ? systemText(turn.system) : "",
    ...(typeof heartbeat === "object" ? { wakeReason: heartbeat.reason } : {}),
    ...(typeof turn.system === "object" && turn.system.reason !== undefined ? { wakeReason: turn.system.reason } : {}),
    script: (turn.script ?? []).map((step, position) =>
      reuseOr(step, reuse?.file.script?.[position], reuse?.turn.script[position], () => normaliseStep(step)),
    ),
    ...(turn.summaries === undefined
      ? {}
      : {
          summaries: turn.summaries.map((step, position) =>
            reuseOr(step, reuse?.file.summaries?.[position], reuse?.turn.summaries?.[position], () =>
              normaliseStep(step),
            ),
          ),
        }),
    approvals: (turn.approvals ?? []).map((approval) => ({ match: approval.match, decision: approval.decision })),
    expect: (turn.expect ?? []).map((entry, position) =>
      reuseOr(entry, reuse?.file.expect?.[position], reuse?.turn.expect[position], () =>
        normaliseExpectation(entry, { folder, location: at(["turns", index, "expect", position]) }),
      ),
    ),
    location: at(["turns", index]),
  };
}

/** `at` as parsed (the schema checked it), `during: previous` as `+0s`, else `settled`. */
function arrivalOf(turn: TurnFile): TurnArrival {
  if (turn.during === "previous") return { kind: "after", ms: 0 };
  return (turn.at === undefined ? undefined : parseTurnArrival(turn.at)) ?? { kind: "settled" };
}

function systemText(system: TurnFile["system"]): string {
  return typeof system === "object" ? system.text : (system ?? "");
}
