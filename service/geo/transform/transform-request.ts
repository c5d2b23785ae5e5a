// The transform request, checked member by member (the route's schema says the same; this keeps
// the kernel safe when called directly): from, to, exactly one of coordinates / geojson, and
// epoch in revision B only.
import type { Revision } from "../../config.ts";
import { isJsonObject } from "../json-object.ts";
import { Refusal } from "../refusal.ts";

export const DEFAULT_EPOCH = 2010.0;
/** Accepted epochs (decimal years): the Helmert rates are linear, far extrapolation is refused. */
export const EPOCH_RANGE = { min: 1900, max: 2100 };

export interface TransformRequest {
  from: string;
  to: string;
  coordinates?: unknown[];
  geojson?: unknown;
  epoch: number;
  epochGiven: boolean;
}

const MEMBERS = new Set(["from", "to", "coordinates", "geojson", "epoch"]);

export function parseTransformRequest(body: unknown, revision: Revision): TransformRequest {
  if (!isJsonObject(body)) {
    throw new Refusal("invalid_field", { field: "body", reason: "the body must be a JSON object" });
  }
  const b = body;
  for (const key of Object.keys(b)) {
    if (!MEMBERS.has(key) || (key === "epoch" && revision === "A")) {
      throw new Refusal("unexpected_field", {
        field: key,
        ...(key === "epoch"
          ? { reason: "epoch is a revision B member (revision A applies no datum shift)" }
          : {}),
      });
    }
  }
  const from = crsField(b.from, "from");
  const to = crsField(b.to, "to");
  const hasCoordinates = b.coordinates !== undefined;
  const hasGeoJson = b.geojson !== undefined;
  if (hasCoordinates && hasGeoJson)
    throw new Refusal("conflicting_fields", { field: "coordinates", fields: ["coordinates", "geojson"] });
  if (!hasCoordinates && !hasGeoJson)
    throw new Refusal("missing_field", { field: "coordinates", fields: ["coordinates", "geojson"] });
  if (hasCoordinates && !Array.isArray(b.coordinates)) {
    throw new Refusal("invalid_field", {
      field: "coordinates",
      path: "$.coordinates",
      reason: "expected an array",
    });
  }
  if (hasGeoJson && (typeof b.geojson !== "object" || b.geojson === null || Array.isArray(b.geojson))) {
    throw new Refusal("invalid_field", {
      field: "geojson",
      path: "$.geojson",
      reason: "expected a GeoJSON object",
    });
  }
  let epoch = DEFAULT_EPOCH;
  if (b.epoch !== undefined) {
    if (
      typeof b.epoch !== "number" ||
      !Number.isFinite(b.epoch) ||
      b.epoch < EPOCH_RANGE.min ||
      b.epoch > EPOCH_RANGE.max
    ) {
      throw new Refusal("invalid_field", {
        field: "epoch",
        reason: `a decimal year between ${EPOCH_RANGE.min} and ${EPOCH_RANGE.max}`,
      });
    }
    epoch = b.epoch;
  }
  return {
    from,
    to,
    ...(Array.isArray(b.coordinates) ? { coordinates: b.coordinates } : {}),
    ...(hasGeoJson ? { geojson: b.geojson } : {}),
    epoch,
    epochGiven: b.epoch !== undefined,
  };
}

function crsField(value: unknown, field: "from" | "to"): string {
  if (value === undefined) throw new Refusal("missing_field", { field });
  if (typeof value !== "string") throw new Refusal("invalid_field", { field, reason: "expected a string" });
  return value;
}
