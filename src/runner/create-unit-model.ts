import { dirname, join } from "node:path";
import type { FaultSpec, HostFileSystem, Model } from "../domain/index.js";
import { parseModelId } from "../domain/index.js";
import { cassettePath } from "../models/cassette-path.js";
import { createCassetteStore } from "../models/cassette-store.js";
import { createModel } from "../models/create-model.js";
import type { ProviderLimiter } from "../models/create-provider-limiter.js";
import { createReplayModel } from "../models/create-replay-model.js";
import { withCassetteRecording } from "../models/with-cassette-recording.js";
import { withFaults } from "../models/with-faults.js";
import { type Sleep, withRetries } from "../models/with-retries.js";
import { collectEnvSecrets } from "../platform/collect-secrets.js";
import { createSeededRandom, hashSeed } from "../platform/create-seeded-random.js";
import { skipWait, sleep } from "../platform/sleep.js";
import type { WorkUnit } from "./plan-units.js";

/** How a run turns a unit's model id into the model it calls. */
export interface ModelWiring {
  /** The host environment: API keys and SDK base URLs. */
  env: Readonly<Record<string, string>>;
  /** `--faults`; replaces each scenario's `faults`. */
  faults?: FaultSpec;
  /** Shared by the run's units: per-provider concurrency and rate-limit pauses. */
  limiter?: ProviderLimiter;
  /** Per-request timeout of live providers, ms. */
  timeoutMs?: number;
  /** `--record` stores live responses; `--replay` serves them with no network. */
  cassettes?: { mode: "record" | "replay"; directory?: string; fs: HostFileSystem };
}

/** A unit's model, and what to do when the unit ends (write its cassette). */
export interface UnitModel {
  model: Model;
  finish(): Promise<void>;
  /** The model calls a provider over the network (not a cassette, not an offline model). */
  live: boolean;
}

/** API key values, scrubbed from everything a recording writes. */

const LIVE_PROVIDERS = new Set(["anthropic", "openai"]);

/**
 * A unit's model: the provider's model (or its cassette with `--replay`), recorded with
 * `--record`, behind the provider limiter (live providers), fault injection (scenario `faults`
 * or `--faults`, reproducible from the seed and the unit id) and retries of retryable errors.
 * Scripted and replayed models wait in virtual time, live ones on real timers.
 */
export function createUnitModel(
  unit: WorkUnit,
  wiring: ModelWiring,
  paths: readonly [path: string, placeholder: string][] = [],
): { ok: true; unit: UnitModel } | { ok: false; error: string } {
  const provider = parseModelId(unit.model).provider;
  const live = LIVE_PROVIDERS.has(provider);
  const cassettes = live ? wiring.cassettes : undefined;
  const file =
    cassettes === undefined
      ? ""
      : cassettePath({
          directory: cassettes.directory ?? join(dirname(unit.scenario.file), "cassettes"),
          scenarioId: unit.scenario.id,
          modelId: unit.model,
          repeat: unit.repeat,
        });
  const store = cassettes === undefined ? undefined : createCassetteStore({ fs: cassettes.fs });
  let model: Model;
  let finish = async (): Promise<void> => {};
  if (cassettes?.mode === "replay" && store) {
    model = createReplayModel({ id: unit.model, store, cassettePath: file, paths });
  } else {
    const created = createModel(unit.model, {
      env: wiring.env,
      ...(wiring.timeoutMs === undefined ? {} : { timeoutMs: wiring.timeoutMs }),
    });
    if (!created.ok) return created;
    model = live && wiring.limiter ? wiring.limiter.wrap(provider, created.model) : created.model;
    if (cassettes?.mode === "record" && store) {
      const secrets = collectEnvSecrets(wiring.env);
      const recording = withCassetteRecording(model, { store, cassettePath: file, paths, secrets });
      model = recording;
      finish = () => recording.flush();
    }
  }
  const wait: Sleep = live && cassettes?.mode !== "replay" ? sleep : skipWait;
  const faults = wiring.faults ?? unit.scenario.faults;
  if (faults !== undefined && faults.rate > 0) {
    model = withFaults(model, { ...faults, seed: ((faults.seed ?? 0) ^ hashSeed(unit.unitId)) >>> 0 });
  }
  const retried = withRetries(model, { sleep: wait, random: createSeededRandom(hashSeed(`retry:${unit.unitId}`)) });
  return { ok: true, unit: { model: retried, finish, live: live && cassettes?.mode !== "replay" } };
}
