import { ClawEvalError, copyWithSharedShape, type Scenario, type Turn } from "../domain/index.js";

/** How each scenario with lazy turns builds them again; the scenario is the key, so nothing outlives it. */
const rebuilders = new WeakMap<object, () => Turn[]>();

/**
 * The `turns` getter shared by every scenario with lazy turns (one function, so the objects
 * keep one shape): builds the turns again from the case on each read.
 */
function readLazyTurns(this: object): Turn[] {
  const rebuild = rebuilders.get(this);
  if (rebuild === undefined) throw new ClawEvalError("invariant", "lazy scenario turns read without their case");
  return rebuild();
}

/**
 * A copy of `scenario` with `changes` applied, whose `turns` are not kept but built again by
 * `rebuild` on every read (an enumerable own property, so spreading or serialising the copy
 * reads them). Data-driven files use it so that thousands of planned cases do not each hold
 * their expanded turns for the whole run; a unit reads them once ({@link materialiseScenario}).
 * `rebuild` must return the same turns every time. Pure.
 */
export function withLazyTurns(
  scenario: Scenario,
  changes: Partial<Omit<Scenario, "turns">>,
  rebuild: () => Turn[],
): Scenario {
  const copy = Object.assign(copyWithSharedShape(scenario, "turns"), changes);
  Object.defineProperty(copy, "turns", { get: readLazyTurns, enumerable: true, configurable: true });
  rebuilders.set(copy, rebuild);
  return copy;
}

/**
 * `scenario` with `changes` applied; lazy turns stay lazy (a plain spread would build and keep
 * them). Pure.
 */
export function copyScenario(scenario: Scenario, changes: Partial<Omit<Scenario, "turns">>): Scenario {
  const rebuild = rebuilders.get(scenario);
  return rebuild === undefined ? { ...scenario, ...changes } : withLazyTurns(scenario, changes, rebuild);
}

/**
 * `scenario` with its turns built and kept: the scenario itself when its turns are kept
 * already, else a plain copy holding one build of them. A unit materialises its scenario once
 * when it starts, so every part of the unit reads the same turn objects. Pure.
 */
export function materialiseScenario(scenario: Scenario): Scenario {
  return rebuilders.has(scenario) ? { ...scenario } : scenario;
}
