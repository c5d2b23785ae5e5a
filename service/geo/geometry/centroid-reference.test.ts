// Centroid against an independent equal-area reference (issue 18.7): proj4's ellipsoidal Lambert
// azimuthal equal-area projection centred on our answer, every edge followed in 0.01° steps as a
// straight lon/lat line; the planar centre of mass there must lie within 1 m of the origin (our
// answer is the fixed point of that construction). Real county outlines (Census 2024, 1:5M), the
// largest and most northern included. Also the one reading of rings with an edge over 180°.
import path from "node:path";
import proj4 from "proj4";
import * as shapefile from "shapefile";
import { describe, expect, it } from "vitest";
import { INSIDE, locateInPolygon, OUTSIDE, preparePolygon } from "../pip/prepared-polygon.ts";
import { area } from "./area.ts";
import { centroid } from "./centroid.ts";
import type { Position } from "./geojson-input.ts";

const SHARED = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../../shared");

function follow(ring: Position[], step: number): Position[] {
  const out: Position[] = [];
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x0, y0] = ring[i] as [number, number];
    const [x1, y1] = ring[i + 1] as [number, number];
    const n = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) / step));
    for (let k = 0; k < n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  out.push(ring[0] as Position);
  return out;
}

/** Distance (m) of the reference centre of mass from the origin of proj4's LAEA centred on (lon, lat). */
function referenceOffset(polygons: Position[][][], lon: number, lat: number): number {
  const laea = proj4(
    "EPSG:4326",
    `+proj=laea +lat_0=${lat} +lon_0=${lon} +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs`,
  );
  let area = 0;
  let mx = 0;
  let my = 0;
  for (const rings of polygons) {
    rings.forEach((ring, ri) => {
      const pts = follow(ring, 0.01).map((p) => laea.forward([p[0] as number, p[1] as number]));
      let a = 0;
      let cx = 0;
      let cy = 0;
      for (let i = 0; i + 1 < pts.length; i++) {
        const [x0, y0] = pts[i] as [number, number];
        const [x1, y1] = pts[i + 1] as [number, number];
        const cross = x0 * y1 - x1 * y0;
        a += cross;
        cx += (x0 + x1) * cross;
        cy += (y0 + y1) * cross;
      }
      const sign = (ri === 0 ? 1 : -1) * Math.sign(a);
      area += (sign * a) / 2;
      mx += (sign * cx) / 6;
      my += (sign * cy) / 6;
    });
  }
  return Math.hypot(mx / area, my / area);
}

describe("centroid against an equal-area reference", () => {
  it("every real county is within 1 m of proj4's equal-area centre of mass (today's main: 111.6 m, county 02290)", async () => {
    const source = await shapefile.open(
      path.join(SHARED, "data/census/county-5m-2024/cb_2024_us_county_5m.shp"),
    );
    let worst = 0;
    let worstId = "";
    let n = 0;
    for (let r = await source.read(); !r.done; r = await source.read()) {
      const g = r.value.geometry as { type: "Polygon" | "MultiPolygon"; coordinates: unknown };
      const polygons = (g.type === "Polygon" ? [g.coordinates] : g.coordinates) as Position[][][];
      const c = centroid({ geojson: g });
      expect(c.method).toBe("area");
      const off = referenceOffset(polygons, c.longitude, c.latitude);
      expect(Number.isFinite(off)).toBe(true);
      if (off > worst) {
        worst = off;
        worstId = String((r.value.properties as { GEOID?: string }).GEOID);
      }
      n++;
    }
    console.log(`centroid, ${n} counties vs proj4 LAEA reference: worst ${worst.toFixed(3)} m (${worstId})`);
    expect(n).toBeGreaterThan(3000);
    expect(worst).toBeLessThan(1);
  });
});

describe("one reading of a ring with an edge over 180° (issue 18.7)", () => {
  const ring: Position[] = [
    [170, -10],
    [-170, -10],
    [-170, 10],
    [170, 10],
    [170, -10],
  ];
  const geojson = { type: "Polygon", coordinates: [ring] };

  it("regression: centroid, area and pip all read it the long way round (centroid was (−180, 0))", () => {
    const c = centroid({ geojson });
    expect(c.method).toBe("area");
    expect(c.longitude).toBeCloseTo(0, 6);
    expect(c.latitude).toBeCloseTo(0, 6);
    expect(c.notes.join(" ")).toContain("long way round");
    // area: the 340°-wide band, not the 20° one
    const band = area({ geojson }).areaSquareMeters;
    const narrow = area({
      geojson: {
        type: "Polygon",
        coordinates: [
          [
            [170, -10],
            [180, -10],
            [180, 10],
            [170, 10],
            [170, -10],
          ],
        ],
      },
    }).areaSquareMeters;
    expect(band / narrow).toBeCloseTo(34, 6);
    // pip: the centroid is inside, the antimeridian outside
    const pip = preparePolygon([[ring]]);
    expect(locateInPolygon(pip, c.longitude, c.latitude)).toBe(INSIDE);
    expect(locateInPolygon(pip, 180, 0)).toBe(OUTSIDE);
  });
});
