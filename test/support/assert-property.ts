import fc from "fast-check";

/** The fixed seed of every property test; `CLAW_EVAL_SEED` replaces it to explore. */
export const PROPERTY_SEED = Number(process.env.CLAW_EVAL_SEED ?? 20260311);

/**
 * Runs a fast-check property with the fixed seed and, when it fails, names the seed so the
 * failure can be replayed with `CLAW_EVAL_SEED=<seed>`.
 */
export function assertProperty<T>(property: fc.IRawProperty<T>, options: { numRuns?: number } = {}): void {
  try {
    fc.assert(property, { seed: PROPERTY_SEED, numRuns: options.numRuns ?? 200 });
  } catch (error) {
    throw new Error(
      `Property failed with seed ${PROPERTY_SEED} (rerun with CLAW_EVAL_SEED=${PROPERTY_SEED}):\n${String(error)}`,
    );
  }
}

/** {@link assertProperty} for async properties (`fc.asyncProperty`): awaits every run. */
export async function assertAsyncProperty<T>(
  property: fc.IAsyncPropertyWithHooks<T> | fc.IRawProperty<T, true>,
  options: { numRuns?: number } = {},
): Promise<void> {
  try {
    await fc.assert(property, { seed: PROPERTY_SEED, numRuns: options.numRuns ?? 100 });
  } catch (error) {
    throw new Error(
      `Property failed with seed ${PROPERTY_SEED} (rerun with CLAW_EVAL_SEED=${PROPERTY_SEED}):\n${String(error)}`,
    );
  }
}
