// Ellipsoidal area against GeographicLib's geodesic polygon area (PolygonArea on WGS 84).
// Our edges are straight in longitude/latitude, GeographicLib's are geodesics; the two edge
// models part by about L·tanφ/R, so parcel-scale (≤ 300 m across) agreement within the spec's
// 5e-3 % holds up to ±85° latitude, and county-scale rings are also compared with the edges
// densified for GeographicLib, which isolates the arithmetic from the edge model.
import path from "node:path";
import fc from "fast-check";
import geographiclib from "geographiclib-geodesic";
import * as shapefile from "shapefile";
import { describe, expect, it } from "vitest";
import { area } from "./area.ts";
import { polygonArea, signedRingArea } from "./ellipsoidal-area.ts";
import type { Position } from "./geojson-input.ts";

const { Geodesic } = geographiclib;
const SHARED = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../../shared");

function geodesicArea(ring: Position[]): number {
  const p = Geodesic.WGS84.Polygon(false);
  for (const q of ring.slice(0, -1)) p.AddPoint(q[1], q[0]);
  return Math.abs(p.Compute(false, true).area ?? Number.NaN);
}

/** The ring with every edge split into `n` pieces along the straight lon/lat line. */
function densified(ring: Position[], n: number): Position[] {
  const out: Position[] = [];
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x0, y0] = ring[i] as Position;
    const [x1, y1] = ring[i + 1] as Position;
    for (let k = 0; k < n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  out.push(ring[0] as Position);
  return out;
}

/** A star-shaped ring of `radii` (metres) about (lon, lat), never self-intersecting. */
function starRing(lon: number, lat: number, radii: number[]): Position[] {
  const mPerDeg = 111320;
  const ring = radii.map((r, i): Position => {
    const a = (2 * Math.PI * i) / radii.length;
    return [
      lon + (r * Math.cos(a)) / (mPerDeg * Math.cos((lat * Math.PI) / 180)),
      lat + (r * Math.sin(a)) / mPerDeg,
    ];
  });
  ring.push(ring[0] as Position);
  return ring;
}

const ringAt = (minR: number, maxR: number) =>
  fc.tuple(
    fc.integer({ min: -17900, max: 17900 }).map((v) => v / 100),
    fc.integer({ min: -8500, max: 8500 }).map((v) => v / 100),
    fc.array(fc.integer({ min: minR, max: maxR }), { minLength: 5, maxLength: 30 }),
  );

const relErr = (a: number, b: number) => Math.abs(a - b) / b;

describe("ellipsoidal area against GeographicLib", () => {
  it("parcel-scale rings (up to 300 m across, latitudes to ±85°) agree within 5e-3 % (spec)", () => {
    let worst = 0;
    fc.assert(
      fc.property(ringAt(10, 150), ([lon, lat, radii]) => {
        const ring = starRing(lon, lat, radii);
        const e = relErr(Math.abs(signedRingArea(ring)), geodesicArea(ring));
        worst = Math.max(worst, e);
        expect(e).toBeLessThan(5e-5);
      }),
      { numRuns: 300, seed: 402 },
    );
    console.log(`area, parcel-scale random rings: worst relative error ${(worst * 100).toExponential(2)} %`);
  });

  it("county-scale rings (10–60 km): straight lon/lat edges vs geodesic edges, and vs densified edges", () => {
    let raw = 0;
    let dense = 0;
    fc.assert(
      fc.property(ringAt(10_000, 60_000), ([lon, lat, radii]) => {
        const ring = starRing(lon, lat, radii);
        const ours = Math.abs(signedRingArea(ring));
        raw = Math.max(raw, relErr(ours, geodesicArea(ring)));
        const d = relErr(ours, geodesicArea(densified(ring, 64)));
        dense = Math.max(dense, d);
        expect(d).toBeLessThan(5e-5);
      }),
      { numRuns: 60, seed: 403 },
    );
    console.log(
      `area, county-scale random rings: worst ${(raw * 100).toExponential(2)} % against geodesic edges, ${(dense * 100).toExponential(2)} % against edges densified 64×`,
    );
    expect(raw).toBeLessThan(5e-3);
  });

  it("real county rings (Census 2024, 1:5M) agree with GeographicLib on the same vertices", async () => {
    const shp = path.join(SHARED, "data/census/county-5m-2024/cb_2024_us_county_5m.shp");
    const source = await shapefile.open(shp);
    let n = 0;
    let worst = 0;
    let sumOurs = 0;
    let sumGeod = 0;
    for (let r = await source.read(); !r.done; r = await source.read()) {
      const g = r.value.geometry as { type: string; coordinates: Position[][] | Position[][][] };
      const polys = (g.type === "Polygon" ? [g.coordinates] : g.coordinates) as Position[][][];
      for (const rings of polys) {
        const ours = polygonArea(rings);
        const geod = rings.reduce((s, ring, i) => s + (i === 0 ? 1 : -1) * geodesicArea(ring), 0);
        if (geod > 1e6) worst = Math.max(worst, relErr(ours, geod));
        sumOurs += ours;
        sumGeod += geod;
        n++;
      }
    }
    console.log(
      `area, ${n} real county polygons: worst ${(worst * 100).toExponential(2)} % (polygons over 1 km²), total ${(relErr(sumOurs, sumGeod) * 100).toExponential(2)} %`,
    );
    expect(n).toBeGreaterThan(3000);
    expect(relErr(sumOurs, sumGeod)).toBeLessThan(1e-4);
  });
});

describe("area semantics", () => {
  const sq = (x: number, y: number, s: number): Position[] => [
    [x, y],
    [x + s, y],
    [x + s, y + s],
    [x, y + s],
    [x, y],
  ];
  const a = (geojson: unknown) => area({ geojson }).areaSquareMeters;

  it("winding is ignored: a clockwise exterior has the same area", () => {
    expect(a({ type: "Polygon", coordinates: [sq(10, 10, 0.01).reverse()] })).toBeCloseTo(
      a({ type: "Polygon", coordinates: [sq(10, 10, 0.01)] }),
      6,
    );
  });

  it("holes are subtracted and MultiPolygon parts summed", () => {
    const outer = a({ type: "Polygon", coordinates: [sq(0, 0, 0.02)] });
    const hole = a({ type: "Polygon", coordinates: [sq(0.005, 0.005, 0.005)] });
    expect(a({ type: "Polygon", coordinates: [sq(0, 0, 0.02), sq(0.005, 0.005, 0.005)] })).toBeCloseTo(
      outer - hole,
      4,
    );
    expect(a({ type: "MultiPolygon", coordinates: [[sq(0, 0, 0.02)], [sq(1, 1, 0.005)]] })).toBeCloseTo(
      outer + a({ type: "Polygon", coordinates: [sq(1, 1, 0.005)] }),
      4,
    );
  });

  it("points and lines contribute zero; mixed collections are accepted", () => {
    const r = area({
      geojson: {
        type: "GeometryCollection",
        geometries: [
          { type: "Point", coordinates: [0, 0] },
          {
            type: "LineString",
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
          { type: "Polygon", coordinates: [sq(0, 0, 0.01)] },
        ],
      },
    });
    expect(r.areaSquareMeters).toBeCloseTo(a({ type: "Polygon", coordinates: [sq(0, 0, 0.01)] }), 6);
    expect(r.areaSquareKilometers).toBeCloseTo(r.areaSquareMeters / 1e6, 12);
    expect(area({ geojson: { type: "Point", coordinates: [1, 2] } })).toMatchObject({
      areaSquareMeters: 0,
      notes: [expect.any(String)],
    });
  });

  it("the whole lon/lat rectangle is the ellipsoid's surface (510065621.7 km²)", () => {
    const world = a({
      type: "Polygon",
      coordinates: [
        [
          [-180, -90],
          [180, -90],
          [180, 90],
          [-180, 90],
          [-180, -90],
        ],
      ],
    });
    expect(world / 1e6).toBeCloseTo(510065621.72, 1);
  });

  it("a one-degree cell at the equator matches GeographicLib to 3e-3 % (lon/lat vs geodesic edges)", () => {
    const cell = sq(0, 0, 1);
    expect(relErr(a({ type: "Polygon", coordinates: [cell] }), geodesicArea(cell))).toBeLessThan(3e-5);
  });

  it("an edge over 180° of longitude runs the long way round and says so", () => {
    const r = area({
      geojson: {
        type: "Polygon",
        coordinates: [
          [
            [179, 0],
            [-179, 0],
            [-179, 1],
            [179, 1],
            [179, 0],
          ],
        ],
      },
    });
    expect(r.notes.some((n) => n.includes("180°"))).toBe(true);
    expect(r.areaSquareKilometers).toBeGreaterThan(300 * 12000);
  });
});

describe("area edge models (issue 18.8)", () => {
  /** A w × h metre parcel at `lat`, long side east–west, tilted 30° so its edges are not along parallels. */
  function parcel(lat: number, w: number, h: number): Position[] {
    const g = Geodesic.WGS84;
    const a = g.Direct(lat, 10, 60, w);
    const b = g.Direct(a.lat2 as number, a.lon2 as number, 150, h);
    const c = g.Direct(lat, 10, 150, h);
    return [
      [10, lat],
      [a.lon2, a.lat2],
      [b.lon2, b.lat2],
      [c.lon2, c.lat2],
      [10, lat],
    ] as Position[];
  }

  it("the lon/lat model is exact for its own edges: GeographicLib on edges densified 8192× agrees within 1e-8 %", () => {
    let worst = 0;
    for (const lat of [0, 30, 60, 80, -85]) {
      const ring: Position[] = [
        [10, lat],
        [10.6, lat + 0.05],
        [10.9, lat + 0.5],
        [10.1, lat + 0.4],
        [10, lat],
      ];
      const e = relErr(Math.abs(signedRingArea(ring)), geodesicArea(densified(ring, 8192)));
      worst = Math.max(worst, e);
    }
    console.log(
      `area, lon/lat edges vs GeographicLib on edges densified 8192×: worst ${(worst * 100).toExponential(2)} %`,
    );
    expect(worst).toBeLessThan(1e-10);
  });

  /** A triangle 300 m along the parallel at `lat` and 10 m high: its long edge bows away from the geodesic. */
  function sliver(lat: number): Position[] {
    const east = Geodesic.WGS84.Direct(lat, 10, 90, 300).lon2 as number;
    const up = 10 / ((Math.PI / 180) * 6_356_752);
    return [
      [10, lat],
      [east, lat],
      [(10 + east) / 2, lat + up],
      [10, lat],
    ];
  }

  it("regression: a 300 m × 10 m parcel along the parallel differs by 0.01 % at 30° and 0.1 % at 80°, and says so", () => {
    const ring = sliver(80);
    const at30 = relErr(
      area({ geojson: { type: "Polygon", coordinates: [sliver(30)] } }).areaSquareMeters,
      geodesicArea(sliver(30)),
    );
    expect(at30).toBeGreaterThan(5e-5);
    const lonlat = area({ geojson: { type: "Polygon", coordinates: [ring] } });
    const geodesic = area({ geojson: { type: "Polygon", coordinates: [ring] }, edges: "geodesic" });
    expect(lonlat.edges).toBe("lonlat");
    expect(geodesic.edges).toBe("geodesic");
    expect(geodesic.areaSquareMeters).toBe(geodesicArea(ring));
    const gap = relErr(lonlat.areaSquareMeters, geodesic.areaSquareMeters);
    console.log(
      `area, 300 m × 10 m parcel at 80°: lon/lat vs geodesic edges ${(gap * 100).toExponential(2)} %`,
    );
    console.log(`area, same at 30°: ${(at30 * 100).toExponential(2)} %`);
    expect(gap).toBeGreaterThan(5e-4);
    expect(geodesic.accuracy).toContain(`${Number((gap * 100).toPrecision(2))}% more`);
    expect(lonlat.accuracy).toMatch(/^Edges straight in longitude\/latitude/);
    expect(geodesic.accuracy).toMatch(/^Geodesic edges on WGS 84/);
  });

  it("geodesic edges agree with GeographicLib on holes and parts, winding ignored", () => {
    const outer = parcel(45, 5000, 4000);
    const hole = parcel(45.005, 500, 400).reverse();
    const r = area({
      geojson: {
        type: "MultiPolygon",
        coordinates: [[outer, hole], [parcel(-30, 1000, 1000).reverse()]],
      },
      edges: "geodesic",
    });
    const want = geodesicArea(outer) - geodesicArea(hole) + geodesicArea(parcel(-30, 1000, 1000));
    expect(relErr(r.areaSquareMeters, want)).toBeLessThan(1e-12);
  });

  it("an unknown edge model is refused by name", () => {
    expect(() =>
      area({ geojson: { type: "Polygon", coordinates: [parcel(0, 10, 10)] }, edges: "rhumb" }),
    ).toThrow(
      expect.objectContaining({
        code: "invalid_field",
        details: expect.objectContaining({ field: "edges" }),
      }),
    );
  });
});
