// Geometry kernels side by side with turf 7 on the same inputs in one run: buffer, simplify,
// union, area, centroid. Prints time per call and the ratio (geo402 / turf), and accuracy against
// GeographicLib for buffer (vertex distance from the centre of a point buffer) and area.
// Inputs: real Census 2024 county polygons (../shared/data/census/county-5m-2024). A second table
// runs the worst cases of issue 16 (buffer and union inside every limit) against GEOS's own buffer
// (geos-wasm, in the same local plane) and turf.
import path from "node:path";
import * as turf from "@turf/turf";
import geographiclib from "geographiclib-geodesic";
import * as shapefile from "shapefile";
import { area } from "../../service/geo/geometry/area.ts";
import { buffer } from "../../service/geo/geometry/buffer.ts";
import { centroid } from "../../service/geo/geometry/centroid.ts";
import type { Position } from "../../service/geo/geometry/geojson-input.ts";
import { overlay } from "../../service/geo/geometry/overlay.ts";
import { simplify } from "../../service/geo/geometry/simplify.ts";
import { worstCaseRows } from "./_geometry-worst.ts";

const { Geodesic } = geographiclib;
const SHARED = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared");

type Poly = Position[][];
interface County {
  geoid: string;
  rings: Poly;
}

async function counties(): Promise<County[]> {
  const src = await shapefile.open(
    path.join(SHARED, "data/census/county-5m-2024/cb_2024_us_county_5m.shp"),
    undefined,
    {
      encoding: "utf-8",
    },
  );
  const out: County[] = [];
  for (let r = await src.read(); !r.done; r = await src.read()) {
    const g = r.value.geometry as { type: string; coordinates: unknown };
    if (g.type === "Polygon")
      out.push({ geoid: String(r.value.properties?.GEOID), rings: g.coordinates as Poly });
  }
  return out;
}

/** Mean milliseconds per call over at least `minMs` of calls (after warming up for a third of that). */
function time(fn: () => unknown, minMs = 300): number {
  const warm = performance.now();
  do fn();
  while (performance.now() - warm < minMs / 3);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < minMs) {
    fn();
    n++;
  }
  return (performance.now() - t0) / n;
}

const geodesicArea = (ring: Position[]) => {
  const p = Geodesic.WGS84.Polygon(false);
  for (const q of ring.slice(0, -1)) p.AddPoint(q[1], q[0]);
  return Math.abs(p.Compute(false, true).area ?? Number.NaN);
};
const polyGeodesicArea = (rings: Poly) =>
  rings.reduce((s, r, i) => s + (i === 0 ? 1 : -1) * geodesicArea(r), 0);

/** Worst |distance/d − 1| of a point buffer's ring vertices from the centre (GeographicLib). */
function pointBufferError(ring: Position[], centre: Position, d: number): number {
  return Math.max(
    ...ring.map((v) =>
      Math.abs((Geodesic.WGS84.Inverse(centre[1], centre[0], v[1], v[0]).s12 as number) / d - 1),
    ),
  );
}

const pct = (x: number) => `${(x * 100).toPrecision(2)} %`;
const ms = (x: number) => (x < 0.1 ? x.toPrecision(2) : x.toFixed(2));
const rows: string[] = [];
const row = (op: string, input: string, ours: number, theirs: number, accOurs = "", accTurf = "") =>
  rows.push(
    `| ${op} | ${input} | ${ms(ours)} | ${ms(theirs)} | ${(ours / theirs).toFixed(2)} | ${accOurs} | ${accTurf} |`,
  );

const all = await counties();
const byVertices = [...all].sort((a, b) => (b.rings[0]?.length ?? 0) - (a.rings[0]?.length ?? 0));
const big = byVertices[0] as County;
const mid = byVertices[Math.floor(byVertices.length / 2)] as County;
const feature = (rings: Poly) => turf.polygon(rings as number[][][]);

// buffer: points at several latitudes (accuracy) and two real counties
for (const lat of [0, 30, 60, 80]) {
  const centre: Position = [-100, lat];
  const d = 1000;
  const ours = buffer({ geojson: { type: "Point", coordinates: centre }, distance: d });
  const theirs = turf.buffer(turf.point(centre), d / 1000, { units: "kilometers", steps: 24 });
  const ourRing = (ours.geojson as { geometry: { coordinates: Position[][] } }).geometry
    .coordinates[0] as Position[];
  const turfRing = (theirs?.geometry.coordinates[0] ?? []) as Position[];
  row(
    "buffer",
    `point at ${lat}°, 1 km`,
    time(() => buffer({ geojson: { type: "Point", coordinates: centre }, distance: d })),
    time(() => turf.buffer(turf.point(centre), 1, { units: "kilometers", steps: 24 })),
    pct(pointBufferError(ourRing, centre, d)),
    pct(pointBufferError(turfRing, centre, d)),
  );
}
for (const c of [mid, big]) {
  row(
    "buffer",
    `county ${c.geoid} (${c.rings[0]?.length} vertices), 1 km`,
    time(() => buffer({ geojson: { type: "Polygon", coordinates: c.rings }, distance: 1000 }), 1000),
    time(() => turf.buffer(feature(c.rings), 1, { units: "kilometers", steps: 24 }), 1000),
  );
}

// simplify: same tolerance in degrees, both with the radial pre-pass
for (const c of [mid, big]) {
  const ours = simplify({ geojson: { type: "Polygon", coordinates: c.rings }, tolerance: 0.005 });
  const theirs = turf.simplify(feature(c.rings), { tolerance: 0.005 });
  row(
    "simplify",
    `county ${c.geoid}, 0.005° (${ours.outputVertices} / ${theirs.geometry.coordinates.flat().length} vertices kept)`,
    time(() => simplify({ geojson: { type: "Polygon", coordinates: c.rings }, tolerance: 0.005 })),
    time(() => turf.simplify(feature(c.rings), { tolerance: 0.005 })),
  );
}

// union: pairs of neighbouring counties (sharing a boundary vertex)
const pairs: [County, County][] = [];
for (let i = 0; i < all.length && pairs.length < 3; i++) {
  const a = all[i] as County;
  const keys = new Set(a.rings[0]?.map((p) => p.join()));
  const b = all.find(
    (x) =>
      x !== a && x.geoid.slice(0, 2) === a.geoid.slice(0, 2) && x.rings[0]?.some((p) => keys.has(p.join())),
  );
  if (b && (a.rings[0]?.length ?? 0) + (b.rings[0]?.length ?? 0) > 150) pairs.push([a, b]);
}
for (const [a, b] of pairs) {
  const geojson = {
    type: "GeometryCollection",
    geometries: [a.rings, b.rings].map((coordinates) => ({ type: "Polygon", coordinates })),
  };
  const fcol = turf.featureCollection([feature(a.rings), feature(b.rings)]);
  row(
    "union",
    `counties ${a.geoid} ∪ ${b.geoid} (${(a.rings[0]?.length ?? 0) + (b.rings[0]?.length ?? 0)} vertices)`,
    time(() => overlay("union", { geojson })),
    time(() => turf.union(fcol)),
  );
}

// area: every county polygon against GeographicLib, on the same vertices (geodesic edges) and with
// the edges split every 0.01° along the straight lon/lat line (the edge model both libraries draw)
const densify = (ring: Position[]): Position[] =>
  ring.flatMap((p, i) => {
    const q = ring[i + 1];
    if (!q) return [p];
    const n = Math.max(1, Math.ceil(Math.max(Math.abs(q[0] - p[0]), Math.abs(q[1] - p[1])) / 0.01));
    return Array.from(
      { length: n },
      (_, k): Position => [p[0] + ((q[0] - p[0]) * k) / n, p[1] + ((q[1] - p[1]) * k) / n],
    );
  });
const worst = { ours: 0, turf: 0, oursDense: 0, turfDense: 0 };
for (const c of all) {
  const g = polyGeodesicArea(c.rings);
  if (g < 1e6) continue;
  const gd = polyGeodesicArea(c.rings.map(densify));
  const ours = area({ geojson: { type: "Polygon", coordinates: c.rings } }).areaSquareMeters;
  const theirs = turf.area(feature(c.rings));
  worst.ours = Math.max(worst.ours, Math.abs(ours / g - 1));
  worst.turf = Math.max(worst.turf, Math.abs(theirs / g - 1));
  worst.oursDense = Math.max(worst.oursDense, Math.abs(ours / gd - 1));
  worst.turfDense = Math.max(worst.turfDense, Math.abs(theirs / gd - 1));
}
const geoms = all.map((c) => ({ type: "Polygon", coordinates: c.rings }));
const feats = all.map((c) => feature(c.rings));
const perCall = (fn: (i: number) => unknown) =>
  time(() => {
    for (let i = 0; i < geoms.length; i++) fn(i);
  }, 1000) / geoms.length;
row(
  "area",
  `${all.length} counties, per polygon (worst error, polygons > 1 km²)`,
  perCall((i) => area({ geojson: geoms[i] })),
  perCall((i) => turf.area(feats[i] as ReturnType<typeof feature>)),
  `${pct(worst.oursDense)} (lon/lat edges), ${pct(worst.ours)} (geodesic edges)`,
  `${pct(worst.turfDense)} (lon/lat edges), ${pct(worst.turf)} (geodesic edges)`,
);

// centroid: equal-area centre of mass vs turf.centerOfMass (planar in lon/lat)
row(
  "centroid",
  `${all.length} counties, per polygon (turf.centerOfMass)`,
  perCall((i) => centroid({ geojson: geoms[i] })),
  perCall((i) => turf.centerOfMass(feats[i] as ReturnType<typeof feature>)),
);

console.log(
  [
    "| operation | input | geo402 ms/call | turf ms/call | ratio | geo402 error vs GeographicLib | turf error vs GeographicLib |",
    "|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n"),
);

console.log(
  [
    "",
    "| worst case (issue 16) | geo402 ms | GEOS buffer ms | turf ms | geo402 / GEOS | geo402 / turf |",
    "|---|---|---|---|---|---|",
    ...worstCaseRows(SHARED),
  ].join("\n"),
);
