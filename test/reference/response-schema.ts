// Validates a 200 body against the route's response schema in `schemas/`, as the e2e tests do.
import fs from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";

const schemasDir = path.resolve(import.meta.dirname, "../../schemas");
const ajv = new Ajv({ allErrors: true, strict: false });

/** The schema errors of `body` against `schemas/<name>.json`, empty when it conforms. */
export function responseSchemaErrors(name: string, body: unknown): string[] {
  if (!ajv.getSchema(name)) {
    ajv.addSchema(JSON.parse(fs.readFileSync(path.join(schemasDir, `${name}.json`), "utf8")), name);
  }
  const validate = ajv.getSchema(name);
  if (!validate) throw new Error(`no schema ${name}`);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
