import { dirname } from "node:path";

/**
 * The folders whose golden files a run can judge: the folder of every referenced golden file,
 * deduplicated and sorted. Only files directly in them count (see `findObsoleteGolden`), so a
 * run of one scenario folder does not judge the golden files of another. Pure.
 */
export function goldenFoldersOf(referenced: readonly string[]): string[] {
  return [...new Set(referenced.map((file) => dirname(file)))].sort();
}

/**
 * Golden files that no scenario of the run references: the `present` files (those in
 * `goldenFoldersOf(referenced)`) minus `referenced`, sorted. Paths compare exactly. Pure.
 */
export function findObsoleteGolden(options: { referenced: readonly string[]; present: readonly string[] }): string[] {
  const used = new Set(options.referenced);
  return [...new Set(options.present)].filter((file) => !used.has(file)).sort();
}
