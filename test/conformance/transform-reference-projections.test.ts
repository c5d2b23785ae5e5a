// transform-reference/projections.json: PROJ 9.5.1 answers for every candidate code (5 points
// each). The crs extraction must admit exactly the service families, with PROJ's parameters, and
// the projection arithmetic must agree within 1e-8 m both ways (the inverse measured as the
// geodesic distance on the CRS's ellipsoid, GeographicLib).
import fs from "node:fs";
import path from "node:path";
import geographiclib from "geographiclib-geodesic";
import { beforeAll, describe, expect, it } from "vitest";
import type { CrsRecord } from "../../artifacts/format/crs-record.ts";
import { createProjection } from "../../service/geo/transform/projection.ts";
import { TRANSFORM_REFERENCE, testRegistry } from "./shared-data.ts";

interface RefCrs {
  code: number;
  family: string;
  in_service_families: boolean;
  unit: string;
  base_crs: number;
  method: string;
  area_of_use: { name: string; bounds_wsen: number[] };
  pipeline: string;
  points: [number, number, number, number][];
}

const ref = JSON.parse(fs.readFileSync(path.join(TRANSFORM_REFERENCE, "projections.json"), "utf8")) as {
  meta: { counts: Record<string, number> };
  crs: RefCrs[];
};
let byCode: Map<number, CrsRecord>;

beforeAll(async () => {
  byCode = new Map((await testRegistry()).crs.map((r) => [r.code, r]));
});

/** The projection step's numeric parameters of a PROJ pipeline string. */
function pipelineParams(pipeline: string): Record<string, number> {
  const step = pipeline.split("+step").find((s) => /\+proj=(?!unitconvert|pipeline)/.test(s)) ?? "";
  return Object.fromEntries(
    [...step.matchAll(/\+(\w+)=(-?[0-9.e+-]+)(?=\s|$)/g)].map((m) => [m[1], Number(m[2])]),
  );
}

describe("code set against the reference's service families", () => {
  it("admits exactly the in-family codes, with the same family, unit, base CRS and area of use", () => {
    for (const c of ref.crs) {
      const r = byCode.get(c.code);
      if (!c.in_service_families) {
        expect(r, `EPSG:${c.code} (${c.family}) must not be admitted`).toBeUndefined();
        continue;
      }
      expect(r, `EPSG:${c.code}`).toBeDefined();
      expect([r?.family, r?.unit, r?.base.code, r?.areaOfUse.name]).toEqual([
        c.family,
        c.unit,
        c.base_crs,
        c.area_of_use.name,
      ]);
      expect(r?.areaOfUse.bbox).toEqual(c.area_of_use.bounds_wsen);
    }
  });

  it("uses the parameter values of PROJ's own pipeline (15 significant digits, DMS decoded)", () => {
    const keys: [string, (r: CrsRecord) => number | undefined][] = [
      ["lat_0", (r) => r.projection?.params.lat0],
      ["lon_0", (r) => r.projection?.params.lon0],
      ["lonc", (r) => r.projection?.params.lon0],
      ["k", (r) => r.projection?.params.k0],
      ["k_0", (r) => r.projection?.params.k0],
      ["x_0", (r) => r.projection?.params.x0],
      ["y_0", (r) => r.projection?.params.y0],
      ["lat_2", (r) => r.projection?.params.lat2],
      ["alpha", (r) => r.projection?.params.alpha],
      ["gamma", (r) => r.projection?.params.gamma],
    ];
    let compared = 0;
    for (const c of ref.crs.filter((x) => x.in_service_families && !/\+proj=utm/.test(x.pipeline))) {
      const r = byCode.get(c.code) as CrsRecord;
      const p = pipelineParams(c.pipeline);
      for (const [k, get] of keys) {
        if (!(k in p)) continue;
        expect(get(r), `EPSG:${c.code} ${k}`).toBe(p[k]);
        compared++;
      }
    }
    expect(compared).toBe(8051);
  });
});

/** Geodesic distance in metres between two lon/lat positions on the projection's ellipsoid. */
function metresApart(def: NonNullable<CrsRecord["projection"]>, a: number[], b: number[]): number {
  const e = def.ellipsoid;
  const f = e.rf !== undefined ? 1 / e.rf : 1 - (e.b as number) / e.a;
  const g = new geographiclib.Geodesic.Geodesic(e.a, f);
  return g.Inverse(a[1] as number, a[0] as number, b[1] as number, b[0] as number).s12 as number;
}

describe("projection arithmetic against PROJ 9.5.1", () => {
  it("forward and inverse within 1e-8 m for all 1,834 service codes × 5 points", () => {
    let n = 0;
    let worstForward = 0;
    let worstInverse = 0;
    const worstInverseByMethod: Record<string, number> = {};
    for (const c of ref.crs.filter((x) => x.in_service_families)) {
      const r = byCode.get(c.code) as CrsRecord;
      const def = r.projection as NonNullable<CrsRecord["projection"]>;
      const p = createProjection(def, r.unitToMeter);
      for (const [lon, lat, x, y] of c.points) {
        const f = p.forward(lon, lat);
        const b = p.inverse(x, y);
        expect(f, `EPSG:${c.code} forward ${lon},${lat}`).toBeDefined();
        expect(b, `EPSG:${c.code} inverse ${x},${y}`).toBeDefined();
        if (!f || !b) continue;
        worstForward = Math.max(worstForward, Math.hypot(f[0] - x, f[1] - y) * r.unitToMeter);
        const inverseMetres = metresApart(def, b, [lon, lat]);
        worstInverse = Math.max(worstInverse, inverseMetres);
        worstInverseByMethod[def.method] = Math.max(worstInverseByMethod[def.method] ?? 0, inverseMetres);
        n++;
      }
    }
    console.log("inverse, worst metres by method:", worstInverseByMethod);
    expect(n).toBe(1834 * 5);
    expect(worstForward).toBeLessThanOrEqual(1e-8);
    expect(worstInverse).toBeLessThanOrEqual(1e-8);
  });
});
