// What POST /v1/geojson/validate makes of a document text, without the payment round trip, using
// the app's own pieces: JSON parse (invalid_json), the required members checked before a quote
// (missing_field), the request schema with the app's Ajv settings (invalid_field), then the
// kernel. The end-to-end tests prove the real app answers the same way.
import { ApiError, type ErrorCode } from "../../service/errors.ts";
import { type ValidationResult, validateGeoJSON } from "../../service/geo/geojson/validate.ts";
import { createSchemaSet } from "../../service/schemas.ts";

const checkBody = createSchemaSet().body("geojson-validate.request");

export type RouteVerdict =
  | { kind: "refused"; code: ErrorCode }
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
  if (typeof doc !== "object" || doc === null || Array.isArray(doc) || !Object.hasOwn(doc, "type")) {
    return { kind: "refused", code: "missing_field" };
  }
  try {
    checkBody(doc);
  } catch (e) {
    if (e instanceof ApiError) return { kind: "refused", code: e.code };
    throw e;
  }
  return { kind: "answered", result: validateGeoJSON(doc) };
}

/** The route's verdict as valid / not valid: a refusal counts as "not valid". */
export function saysValid(v: RouteVerdict): boolean {
  return v.kind === "answered" && v.result.valid;
}
