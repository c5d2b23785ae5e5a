// What POST /v1/geojson/validate makes of a document text, without the payment round trip:
// parse (invalid_json), the request schema (missing_field / invalid_field), then the kernel.
// The end-to-end tests prove the real app refuses and answers the same way.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { type ValidationResult, validateGeoJSON } from "../../service/geo/geojson/validate.ts";

const schemaPath = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../schemas/geojson-validate.request.json",
);
const checkRequest = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(schemaPath, "utf8")));

export type RouteVerdict =
  | { kind: "refused"; code: "invalid_json" | "missing_field" | "invalid_field" }
  | { kind: "answered"; result: ValidationResult };

export function routeVerdict(text: string): RouteVerdict {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { kind: "refused", code: "invalid_json" };
  }
  return docVerdict(doc);
}

export function docVerdict(doc: unknown): RouteVerdict {
  if (!checkRequest(doc)) {
    const missing = checkRequest.errors?.some((e) => e.keyword === "required" && e.instancePath === "");
    return { kind: "refused", code: missing ? "missing_field" : "invalid_field" };
  }
  return { kind: "answered", result: validateGeoJSON(doc) };
}

/** The route's verdict as valid / not valid: a refusal counts as "not valid". */
export function saysValid(v: RouteVerdict): boolean {
  return v.kind === "answered" && v.result.valid;
}
