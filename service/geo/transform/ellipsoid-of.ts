// Ellipsoid constants (a, es) from an EPSG ellipsoid definition, derived as PROJ does.
import type { EllipsoidDef } from "../../../artifacts/format/crs-record.ts";
import { type Ellipsoid, ellipsoidFromInverseFlattening, ellipsoidFromSemiMinor } from "./ellipsoid.ts";

export function ellipsoidOf(def: EllipsoidDef): Ellipsoid {
  if (def.rf !== undefined) return ellipsoidFromInverseFlattening(def.name, def.a, def.rf);
  if (def.b !== undefined) return ellipsoidFromSemiMinor(def.name, def.a, def.b);
  throw new Error(`ellipsoid ${def.name} has neither rf nor b`);
}
