/**
 * Fuzz classes that fail today because of a known defect. The fuzz sample test asserts that the
 * failing classes are exactly these, so it fails both when a new defect appears and when a fix
 * lands while its class is still listed: remove a class here in the change that fixes it.
 */
export const KNOWN_DEFECT_CLASSES: readonly string[] = [];
