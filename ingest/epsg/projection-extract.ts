// One EPSG conversion (proj.db `conversion` view) → the service's ProjectionDef, with parameters
// normalised and rounded as PROJ instantiates them (see epsg-units.ts).
import type {
  EllipsoidDef,
  EpsgParameter,
  ProjectionDef,
  ProjectionMethod,
  ProjectionParameters,
} from "../../artifacts/format/crs-record.ts";
import type { EpsgTables } from "./epsg-tables.ts";
import { angleToDegrees, lengthToMeters, projRound, scaleToUnity } from "./epsg-units.ts";
import { num, optNum } from "./proj-db.ts";

/** EPSG method code → method key. A CRS whose method is not here is not computed by the service. */
export const SUPPORTED_METHODS: Record<number, ProjectionMethod> = {
  9807: "transverse_mercator",
  9801: "lambert_conic_conformal_1sp",
  9802: "lambert_conic_conformal_2sp",
  1051: "lambert_conic_conformal_2sp_michigan",
  9812: "hotine_oblique_mercator_a",
  9815: "hotine_oblique_mercator_b",
  1024: "pseudo_mercator",
  1130: "local_orthographic",
};

type ParamKey = keyof ProjectionParameters;
type ParamKind = "angle" | "length" | "scale";

/** EPSG parameter code → PROJ parameter it feeds, and its kind. */
const PARAMETERS: Record<number, { key: ParamKey; kind: ParamKind }> = {
  8801: { key: "lat0", kind: "angle" },
  8802: { key: "lon0", kind: "angle" },
  8805: { key: "k0", kind: "scale" },
  8806: { key: "x0", kind: "length" },
  8807: { key: "y0", kind: "length" },
  8821: { key: "lat0", kind: "angle" },
  8822: { key: "lon0", kind: "angle" },
  8823: { key: "lat1", kind: "angle" },
  8824: { key: "lat2", kind: "angle" },
  8826: { key: "x0", kind: "length" },
  8827: { key: "y0", kind: "length" },
  1038: { key: "k0", kind: "scale" },
  8811: { key: "lat0", kind: "angle" },
  8812: { key: "lon0", kind: "angle" },
  8813: { key: "alpha", kind: "angle" },
  8814: { key: "gamma", kind: "angle" },
  8815: { key: "k0", kind: "scale" },
  8816: { key: "x0", kind: "length" },
  8817: { key: "y0", kind: "length" },
};

export class UnsupportedMethodError extends Error {}

function normalised(value: number, uom: number, kind: ParamKind): number {
  if (kind === "angle") return projRound(angleToDegrees(value, uom));
  if (kind === "length") return projRound(lengthToMeters(value, uom));
  return projRound(scaleToUnity(value, uom));
}

/** Builds the projection of conversion `conversionCode` on `ellipsoid`. */
export function projectionOf(t: EpsgTables, conversionCode: number, ellipsoid: EllipsoidDef): ProjectionDef {
  const row = t.conversions.get(conversionCode);
  if (!row) throw new Error(`proj.db: conversion EPSG:${conversionCode} missing`);
  const methodCode = num(row, "method_code");
  const methodName = t.methods.get(methodCode) ?? `EPSG:${methodCode}`;
  const method = SUPPORTED_METHODS[methodCode];
  if (!method) throw new UnsupportedMethodError(`method EPSG:${methodCode} (${methodName}) is not supported`);
  const params: Partial<ProjectionParameters> = {};
  const epsgParameters: EpsgParameter[] = [];
  for (let i = 1; i <= 7; i++) {
    const code = optNum(row, `param${i}_code`);
    if (code === undefined) continue;
    const value = num(row, `param${i}_value`);
    const uom = num(row, `param${i}_uom_code`);
    epsgParameters.push({
      code,
      name: t.parameters.get(code) ?? `EPSG:${code}`,
      value,
      unit: t.units.get(uom) ?? `EPSG:${uom}`,
    });
    const target = PARAMETERS[code];
    if (!target)
      throw new UnsupportedMethodError(
        `parameter EPSG:${code} of conversion EPSG:${conversionCode} is not supported`,
      );
    params[target.key] = normalised(value, uom, target.kind);
  }
  const { lat0 = 0, lon0 = 0, k0 = 1, x0 = 0, y0 = 0 } = params;
  return {
    method,
    epsgMethodCode: methodCode,
    epsgMethodName: methodName,
    ellipsoid,
    params: { ...params, lat0, lon0, k0, x0, y0 },
    epsgParameters,
  };
}
