// The form of a 200 answer. Routes whose answer is geographic (schemas.geojson in the catalog) also
// answer a GeoJSON FeatureCollection as application/geo+json: asked for by the request's `format`
// member (query or body, as the route takes its input) or, without one, by an Accept header that
// prefers application/geo+json to application/json by RFC 9110's media-range rules (jshttp's
// negotiator, as the explorer page's negotiation: `*/*` and `application/*` mean JSON). Everything
// else gets the JSON answer.
import Negotiator from "negotiator";
import type { CatalogEntry } from "./route-types.ts";

export type AnswerFormat = "json" | "geojson";

export const JSON_MEDIA_TYPE = "application/json";
export const GEOJSON_MEDIA_TYPE = "application/geo+json";

/** The form a request asks for; its `format` member has already been validated by the route's schema. */
export function answerFormat(
  entry: Pick<CatalogEntry, "schemas">,
  member: unknown,
  accept: string | undefined,
): AnswerFormat {
  if (!entry.schemas.geojson) return "json";
  if (member === "json" || member === "geojson") return member;
  if (accept === undefined) return "json";
  const preferred = new Negotiator({ headers: { accept } }).mediaType([JSON_MEDIA_TYPE, GEOJSON_MEDIA_TYPE]);
  return preferred === GEOJSON_MEDIA_TYPE ? "geojson" : "json";
}
