// A PROJ string of one projection step (`+proj=tmerc +ellps=GRS80 …`) → the service's ProjectionDef,
// with PROJ's implicit defaults (lat_0 = lon_0 = x_0 = y_0 = 0, k_0 = 1, ellps = GRS80, lat_2 = lat_1).
// Only what the service computes is accepted; anything else is reported as out of scope with a reason.
import type { EllipsoidDef, ProjectionDef, ProjectionMethod } from "../../artifacts/format/crs-record.ts";

export type ParsedStep =
  | { kind: "projection"; def: ProjectionDef; inverse: boolean }
  | { kind: "geographic"; inverse: boolean }
  | { kind: "unsupported"; reason: string };

const ELLIPSOIDS: Record<string, EllipsoidDef> = {
  GRS80: { code: 7019, name: "GRS 1980", a: 6378137, rf: 298.257222101 },
  WGS84: { code: 7030, name: "WGS 84", a: 6378137, rf: 298.257223563 },
  clrk66: { code: 7008, name: "Clarke 1866", a: 6378206.4, b: 6356583.8 },
  intl: { code: 7022, name: "International 1924", a: 6378388, rf: 297 },
  bessel: { code: 7004, name: "Bessel 1841", a: 6377397.155, rf: 299.1528128 },
};

/** `+k=v` / `k=v` / `+flag` tokens → map (flags map to ""). */
export function tokens(step: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of step.trim().split(/\s+/)) {
    if (!raw) continue;
    const t = raw.replace(/^\+/, "");
    const eq = t.indexOf("=");
    if (eq < 0) out.set(t, "");
    else out.set(t.slice(0, eq), t.slice(eq + 1));
  }
  return out;
}

function ellipsoidOf(t: Map<string, string>): EllipsoidDef | string {
  if (t.has("R")) return "spherical (+R)";
  const name = t.get("ellps") ?? t.get("datum") ?? "GRS80";
  const base = ELLIPSOIDS[name];
  if (!base) return `ellipsoid ${name}`;
  const a = t.has("a") ? Number(t.get("a")) : base.a;
  if (t.has("b")) return { code: 0, name: "custom", a, b: Number(t.get("b")) };
  if (t.has("rf")) return { code: 0, name: "custom", a, rf: Number(t.get("rf")) };
  if (t.has("a")) return "spherical (+a without a shape parameter)";
  return base;
}

const num = (t: Map<string, string>, key: string, fallback: number): number => {
  const v = t.get(key);
  return v === undefined ? fallback : Number(v);
};

/** Parses one step; `ellps=sphere`/`+R` and PROJ variants the service does not run are out of scope. */
export function parseStep(step: string): ParsedStep {
  const t = tokens(step);
  const inverse = t.has("inv");
  const proj = t.get("proj");
  if (proj === "longlat" || proj === "latlong") return { kind: "geographic", inverse };
  if (t.has("approx") || (t.get("algo") ?? "poder_engsager") !== "poder_engsager") {
    return { kind: "unsupported", reason: "approximate TM algorithm (+approx / +algo≠poder_engsager)" };
  }
  const ellipsoid = ellipsoidOf(t);
  if (typeof ellipsoid === "string") return { kind: "unsupported", reason: ellipsoid };
  if (ellipsoid.name === "sphere" || ellipsoid.rf === 0) return { kind: "unsupported", reason: "sphere" };
  const lat0 = num(t, "lat_0", 0);
  const x0 = num(t, "x_0", 0);
  const y0 = num(t, "y_0", 0);
  const k0 = num(t, "k_0", num(t, "k", 1));
  let method: ProjectionMethod;
  let params: ProjectionDef["params"];
  switch (proj) {
    case "tmerc":
    case "etmerc":
      method = "transverse_mercator";
      params = { lat0, lon0: num(t, "lon_0", 0), k0, x0, y0 };
      break;
    case "utm": {
      const zone = Number(t.get("zone"));
      if (!Number.isInteger(zone) || zone < 1 || zone > 60)
        return { kind: "unsupported", reason: "invalid utm zone" };
      method = "transverse_mercator";
      params = {
        lat0: 0,
        lon0: (zone - 0.5) * 6 - 180,
        k0: 0.9996,
        x0: 500000,
        y0: t.has("south") ? 10000000 : 0,
      };
      break;
    }
    case "lcc": {
      const lat1 = num(t, "lat_1", 0);
      method = "lambert_conic_conformal_2sp";
      params = { lat0, lon0: num(t, "lon_0", 0), lat1, lat2: num(t, "lat_2", lat1), k0, x0, y0 };
      break;
    }
    case "omerc":
      if (t.has("lat_1") || t.has("lat_2") || t.has("lon_1") || t.has("no_rot")) {
        return { kind: "unsupported", reason: "omerc two-point or unrotated form (EPSG uses alpha/gamma)" };
      }
      if (!t.has("alpha") || !t.has("gamma"))
        return { kind: "unsupported", reason: "omerc without both alpha and gamma" };
      method =
        t.has("no_uoff") || t.has("no_off") ? "hotine_oblique_mercator_a" : "hotine_oblique_mercator_b";
      params = {
        lat0,
        lon0: num(t, "lonc", 0),
        alpha: num(t, "alpha", 0),
        gamma: num(t, "gamma", 0),
        k0,
        x0,
        y0,
      };
      break;
    case "webmerc":
      method = "pseudo_mercator";
      params = { lat0: 0, lon0: num(t, "lon_0", 0), k0: 1, x0, y0 };
      break;
    case "ortho":
      method = "local_orthographic";
      params = { lat0, lon0: num(t, "lon_0", 0), alpha: num(t, "alpha", 0), k0, x0, y0 };
      break;
    default:
      return { kind: "unsupported", reason: `method ${proj} is not a service method` };
  }
  return {
    kind: "projection",
    def: { method, epsgMethodCode: 0, epsgMethodName: proj, ellipsoid, params, epsgParameters: [] },
    inverse,
  };
}
