import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { buildConfigJsonSchema } from "../src/cli/build-config-json-schema.js";

const target = fileURLToPath(new URL("../schema/claw-eval.config.schema.json", import.meta.url));
await writeFile(target, `${JSON.stringify(buildConfigJsonSchema(), null, 2)}\n`, "utf8");
console.log(`wrote ${target}`);
