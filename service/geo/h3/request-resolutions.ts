// `resolution` or `resolutions` of the H3 routes: exactly one of them, each an integer 0..15,
// at most four per call, no repeats. Returned in the order sent.

import { checkLimit, type Limit } from "../limit.ts";
import { Refusal } from "../refusal.ts";

const MAX_H3_RESOLUTION = 15;

export const RESOLUTIONS_LIMIT: Limit = {
  name: "resolutions",
  max: 4,
  unit: "resolutions",
  detail: "H3 resolutions per call (`resolutions` array)",
};

export function readResolutions(body: { resolution?: unknown; resolutions?: unknown }): number[] {
  const hasOne = body.resolution !== undefined;
  const hasMany = body.resolutions !== undefined;
  if (hasOne && hasMany) {
    throw new Refusal("conflicting_fields", {
      field: "resolutions",
      path: "$.resolutions",
      fields: ["resolution", "resolutions"],
    });
  }
  if (!hasOne && !hasMany) {
    throw new Refusal("missing_field", {
      field: "resolution",
      path: "$",
      alternatives: ["resolution", "resolutions"],
    });
  }
  if (hasOne) return [readResolution(body.resolution, "resolution", "$.resolution")];
  const list = body.resolutions;
  if (!Array.isArray(list) || list.length === 0) {
    throw new Refusal("invalid_field", {
      field: "resolutions",
      path: "$.resolutions",
      reason: "a non-empty array of integers 0..15",
    });
  }
  checkLimit(RESOLUTIONS_LIMIT, list.length, { field: "resolutions", path: "$.resolutions" });
  const out = list.map((r, i) => readResolution(r, "resolutions", `$.resolutions[${i}]`));
  const repeated = out.findIndex((r, i) => out.indexOf(r) !== i);
  if (repeated >= 0) {
    throw new Refusal("invalid_field", {
      field: "resolutions",
      path: `$.resolutions[${repeated}]`,
      reason: "a resolution is listed twice",
    });
  }
  return out;
}

function readResolution(value: unknown, field: string, path: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_H3_RESOLUTION) {
    throw new Refusal("invalid_field", { field, path, reason: "an H3 resolution is an integer 0..15" });
  }
  return value;
}
