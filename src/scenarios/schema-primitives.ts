import { z } from "zod";

// Building blocks of the scenario file schema; each `label` is the "expected ..." phrase of the
// diagnostic a failing value produces.

export const text = (label = "a string") => z.string({ error: label });
export const nonEmptyText = (label: string) => z.string({ error: label }).min(1, { error: label });
export const names = (label: string) => z.array(nonEmptyText("a non-empty string"), { error: label });
export const positiveInt = (label: string) =>
  z.number({ error: label }).int({ error: label }).positive({ error: label });
export const mapping = () => z.record(z.string(), z.unknown(), { error: "a mapping" });
export const stringOrList = () =>
  z.union([text(), z.array(text(), { error: "a list of strings" })], { error: "a string or a list of strings" });
