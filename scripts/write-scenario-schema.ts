import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { buildScenarioJsonSchema } from "../src/scenarios/build-scenario-json-schema.js";

const target = fileURLToPath(new URL("../schema/scenario.schema.json", import.meta.url));
await writeFile(target, `${JSON.stringify(buildScenarioJsonSchema(), null, 2)}\n`, "utf8");
console.log(`wrote ${target}`);
