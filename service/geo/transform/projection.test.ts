import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EllipsoidDef, ProjectionDef, ProjectionMethod } from "../../../artifacts/format/crs-record.ts";
import { createProjection, TM_MAX_DISTANCE_DEG, WEB_MERCATOR_MAX_LAT_DEG } from "./projection.ts";

const GRS80: EllipsoidDef = { code: 7019, name: "GRS 1980", a: 6378137, rf: 298.257222101 };
const CLARKE: EllipsoidDef = { code: 7008, name: "Clarke 1866", a: 6378206.4, b: 6356583.8 };

function def(method: ProjectionMethod, params: ProjectionDef["params"], ellipsoid = GRS80): ProjectionDef {
  return { method, epsgMethodCode: 0, epsgMethodName: method, ellipsoid, params, epsgParameters: [] };
}

/** Representatives of every method of the code set, with parameters of real EPSG codes. */
const CASES: Record<string, { d: ProjectionDef; unit: number }> = {
  "UTM 5N (EPSG:26905)": {
    d: def("transverse_mercator", { lat0: 0, lon0: -153, k0: 0.9996, x0: 500000, y0: 0 }),
    unit: 1,
  },
  "LCC 2SP Kentucky N (EPSG:2205)": {
    d: def("lambert_conic_conformal_2sp", {
      lat0: 37.5,
      lon0: -84.25,
      lat1: 37.9666666666667,
      lat2: 38.9666666666667,
      k0: 1,
      x0: 500000,
      y0: 0,
    }),
    unit: 1,
  },
  "LCC 1SP WISCRS (EPSG:7589-like)": {
    d: def("lambert_conic_conformal_1sp", {
      lat0: 44.4,
      lon0: -90.6,
      k0: 1.0000331,
      x0: 167640.3353,
      y0: 86033.0876,
    }),
    unit: 1200 / 3937,
  },
  "LCC Michigan (EPSG:6201)": {
    d: def(
      "lambert_conic_conformal_2sp_michigan",
      {
        lat0: 43.3166666666667,
        lon0: -84.3333333333333,
        lat1: 44.1833333333333,
        lat2: 45.7,
        k0: 1.0000382,
        x0: 609601.219202438,
        y0: 0,
      },
      CLARKE,
    ),
    unit: 1200 / 3937,
  },
  "HOM A Alaska zone 1 (EPSG:26931)": {
    d: def("hotine_oblique_mercator_a", {
      lat0: 57,
      lon0: -133.666666666667,
      alpha: 323.130102361111,
      gamma: 323.130102361111,
      k0: 0.9999,
      x0: 5000000,
      y0: -5000000,
    }),
    unit: 1,
  },
  "HOM B PCCS zone 1 (EPSG:8065)": {
    d: def("hotine_oblique_mercator_b", {
      lat0: 32.25,
      lon0: -111.4,
      alpha: 45,
      gamma: 45,
      k0: 1.00011,
      x0: 48768,
      y0: 243840,
    }),
    unit: 0.3048,
  },
  "Web Mercator (EPSG:3857)": {
    d: def(
      "pseudo_mercator",
      { lat0: 0, lon0: 0, k0: 1, x0: 0, y0: 0 },
      { code: 7030, name: "WGS 84", a: 6378137, rf: 298.257223563 },
    ),
    unit: 1,
  },
  "Local Orthographic SFO B18 (EPSG:10622)": {
    d: def("local_orthographic", {
      lat0: 37.6289686531,
      lon0: -122.3939412704,
      alpha: 27.7928209333,
      k0: 0.9999968,
      x0: 0,
      y0: 0,
    }),
    unit: 1200 / 3937,
  },
};

const lonLat = fc.tuple(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.double({ min: -90, max: 90, noNaN: true }),
);

/** Angular error of a round trip, longitude weighted by cos(lat) (longitude is moot at the poles). */
function roundTripError(lon: number, lat: number, back: [number, number]): number {
  let dl = Math.abs(back[0] - lon);
  if (dl > 180) dl = 360 - dl;
  return Math.max(dl * Math.cos((lat * Math.PI) / 180), Math.abs(back[1] - lat));
}

describe("every method: in its domain finite and round-tripping within 1e-9°, outside refused", () => {
  for (const [name, { d, unit }] of Object.entries(CASES)) {
    it(name, () => {
      const p = createProjection(d, unit);
      fc.assert(
        fc.property(lonLat, ([lon, lat]) => {
          const f = p.forward(lon, lat);
          if (f === undefined) return;
          expect(Number.isFinite(f[0]) && Number.isFinite(f[1])).toBe(true);
          const b = p.inverse(f[0], f[1]);
          expect(b).toBeDefined();
          if (b) expect(roundTripError(lon, lat, b)).toBeLessThanOrEqual(1e-9);
        }),
        { numRuns: 3000 },
      );
    });
  }
});

describe("domain edges", () => {
  it("transverse Mercator refuses positions more than 45° from the central meridian's great circle", () => {
    const p = createProjection(CASES["UTM 5N (EPSG:26905)"]?.d as ProjectionDef, 1);
    expect(p.forward(-153 + TM_MAX_DISTANCE_DEG - 0.01, 0)).toBeDefined();
    expect(p.forward(-153 + TM_MAX_DISTANCE_DEG + 0.01, 0)).toBeUndefined();
    expect(p.forward(-153 + 90, 0)).toBeUndefined(); // the singular point of TM
    expect(p.forward(27, 80)).toBeDefined(); // the back meridian near the pole is close to the great circle
  });

  it("Web Mercator stops at the square world's latitude 85.0511°", () => {
    const p = createProjection(CASES["Web Mercator (EPSG:3857)"]?.d as ProjectionDef, 1);
    const edge = p.forward(180, WEB_MERCATOR_MAX_LAT_DEG);
    expect(edge?.[0]).toBeCloseTo(20037508.342789244, 6);
    expect(edge?.[1]).toBeCloseTo(20037508.342789244, 6);
    expect(p.forward(0, 85.06)).toBeUndefined();
    expect(p.forward(0, -90)).toBeUndefined();
  });

  it("LCC maps the apex pole to the origin's radius like PROJ and refuses the far pole", () => {
    const d = CASES["LCC 2SP Kentucky N (EPSG:2205)"]?.d as ProjectionDef;
    const p = createProjection(d, 1);
    const pole = p.forward(12, 90);
    const near = p.forward(12, 90 - 1e-9);
    expect(pole?.[0]).toBe(500000);
    expect(Math.hypot((pole?.[0] ?? 0) - (near?.[0] ?? 0), (pole?.[1] ?? 0) - (near?.[1] ?? 0))).toBeLessThan(
      0.01,
    );
    expect(p.forward(12, -90)).toBeUndefined();
    expect(p.forward(12, -89.9)).toBeDefined();
  });

  it("Local Orthographic refuses the hemisphere it cannot see, inverse refuses points off the image", () => {
    const p = createProjection(
      CASES["Local Orthographic SFO B18 (EPSG:10622)"]?.d as ProjectionDef,
      1200 / 3937,
    );
    expect(p.forward(57.6, -37.6)).toBeUndefined();
    expect(p.inverse(3e7, 0)).toBeUndefined();
  });

  it("Hotine refuses the band around the antimeridian of its origin meridian, where the inverse cannot return", () => {
    const p = createProjection(CASES["HOM B PCCS zone 1 (EPSG:8065)"]?.d as ProjectionDef, 0.3048);
    // PROJ's λ0 for this zone is -139.396°: the band around 40.6°E is outside.
    expect(p.forward(40.6, 10)).toBeUndefined();
    expect(p.forward(-111.4, 32.25)).toBeDefined();
  });
});
