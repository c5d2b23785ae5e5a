// Worst cases of issue 16 inside every published limit: geo402's buffer and union side by side with
// GEOS's own buffer (geos-wasm GEOSBuffer with the same quadrant segments, run in the same local
// plane and mapped back, so only the construction differs) and turf 7. CPU milliseconds of one
// warm call each. GEOS simplifies buffer input by 1% of the distance, which is why geo402 does not
// use its buffer (docs/geometry.md).
import fs from "node:fs";
import path from "node:path";
import * as turf from "@turf/turf";
import initGeosJs from "geos-wasm";
import { geosGeomToGeojson } from "geos-wasm/helpers";
import { buffer } from "../../service/geo/geometry/buffer.ts";
import { vertexMean } from "../../service/geo/geometry/centroid.ts";
import type { Position } from "../../service/geo/geometry/geojson-input.ts";
import { localPlane } from "../../service/geo/geometry/local-plane.ts";
import { overlay } from "../../service/geo/geometry/overlay.ts";

const geos = await initGeosJs();
const M = geos.Module;

/** CPU ms of one call after one warm-up call. */
function cpu(fn: () => unknown): number {
  fn();
  const c = process.cpuUsage();
  fn();
  const u = process.cpuUsage(c);
  return (u.user + u.system) / 1000;
}

function ringToGeos(ring: [number, number][], line: boolean): number {
  const buf = M._malloc(ring.length * 16);
  M.HEAPF64.set(ring.flat(), buf / 8);
  const seq = geos.GEOSCoordSeq_copyFromBuffer(buf, ring.length, 0, 0);
  M._free(buf);
  return line ? geos.GEOSGeom_createLineString(seq) : geos.GEOSGeom_createLinearRing(seq);
}

/** GEOS's buffer of the geometry in geo402's local plane about its vertex mean, mapped back to lon/lat. */
export function geosBuffer(g: { type: string; coordinates: unknown }, d: number, steps: number): number {
  const all = (
    g.type === "MultiPoint" || g.type === "LineString"
      ? g.coordinates
      : (g.coordinates as Position[][]).flat()
  ) as Position[];
  const c = vertexMean(all) as [number, number];
  const plane = localPlane(c[0], c[1]);
  const xy = (ps: Position[]) => ps.map((p) => plane.forward(p[0], p[1]));
  let geom: number;
  if (g.type === "LineString") geom = ringToGeos(xy(all), true);
  else if (g.type === "Polygon") geom = geos.GEOSGeom_createPolygon(ringToGeos(xy(all), false), 0, 0);
  else {
    const pts = xy(all).map(([x, y]) => geos.GEOSGeom_createPointFromXY(x, y));
    const arr = M._malloc(pts.length * 4);
    M.HEAPU32.set(pts, arr / 4);
    geom = geos.GEOSGeom_createCollection(4, arr, pts.length);
    M._free(arr);
  }
  const out = geos.GEOSBuffer(geom, d, steps);
  const answer = geosGeomToGeojson(out, geos) as { coordinates: unknown };
  const back = (v: unknown): unknown =>
    typeof (v as number[])[0] === "number"
      ? plane.inverse((v as number[])[0] as number, (v as number[])[1] as number)
      : (v as unknown[]).map(back);
  const lonlat = back(answer.coordinates) as unknown[];
  geos.GEOSGeom_destroy(out);
  geos.GEOSGeom_destroy(geom);
  return lonlat.length;
}

export const sawtooth = (n: number, x0: number, y0: number): Position[] => {
  const pts: Position[] = [];
  for (let i = 0; i < n - 2; i++) pts.push([x0 + i * 0.001, y0 + (i % 2 ? 0.05 : 0)]);
  pts.push([x0 + (n - 3) * 0.001, y0 - 0.1], [x0, y0 - 0.1]);
  pts.push(pts[0] as Position);
  return pts;
};

/** The largest single-ring state outline of at most 2,000 positions (Census 2024, 1:500k). */
export function stateOutline(shared: string): { name: string; rings: Position[][]; n: number } {
  const states = JSON.parse(
    fs.readFileSync(
      path.join(shared, "data/census/state-500k-2024/state_500k_2024_USAboundariesData.DERIVED.geojson"),
      "utf8",
    ),
  ) as { features: { properties: { name?: string }; geometry: { type: string; coordinates: unknown } }[] };
  let outline: { name: string; rings: Position[][]; n: number } | null = null;
  for (const f of states.features) {
    const parts = (
      f.geometry.type === "Polygon" ? [f.geometry.coordinates] : f.geometry.coordinates
    ) as Position[][][];
    for (const rings of parts) {
      const n = rings.reduce((s, r) => s + r.length, 0);
      if (rings.length === 1 && n <= 2000 && (!outline || n > outline.n))
        outline = { name: f.properties.name ?? "?", rings, n };
    }
  }
  return outline as { name: string; rings: Position[][]; n: number };
}

export function worstCaseRows(shared: string): string[] {
  const state = stateOutline(shared);
  const grid: Position[] = Array.from({ length: 200 }, (_, i) => [
    -100 + (i % 20) * 0.001,
    40 + Math.floor(i / 20) * 0.001,
  ]);
  const saw = sawtooth(2000, -100, 40).slice(0, 2000);
  const zigzag: Position[] = Array.from({ length: 2000 }, (_, i) => [
    (i % 2 ? 1 : -1) + i * 1e-6,
    i % 4 < 2 ? -1 : 1,
  ]);
  const cases: [string, { type: string; coordinates: unknown }, number, number][] = [
    ["200-point MultiPoint grid, steps 128, 100 m", { type: "MultiPoint", coordinates: grid }, 100, 128],
    [
      `${state.name} outline (${state.n} positions), 10 km`,
      { type: "Polygon", coordinates: state.rings },
      10_000,
      24,
    ],
    [`${state.name} outline, −10 km`, { type: "Polygon", coordinates: state.rings }, -10_000, 24],
    [`${state.name} outline, 1000 km`, { type: "Polygon", coordinates: state.rings }, 1_000_000, 24],
    [`${state.name} outline, 10 km, steps 128`, { type: "Polygon", coordinates: state.rings }, 10_000, 128],
    [
      "2000-vertex sawtooth line, 1 km, steps 128",
      { type: "LineString", coordinates: saw.slice(0, -1) },
      1000,
      128,
    ],
  ];
  // turf (JSTS) did not finish the first within 4 minutes: geo402 and GEOS only
  const selfCrossing: [string, { type: string; coordinates: unknown }, number, number] = [
    "2000-vertex self-crossing zigzag, 100 m",
    { type: "LineString", coordinates: zigzag },
    100,
    24,
  ];
  // issue 30's cliff: 10°-tall teeth 0.001° apart; its polygons alone exceed the output vertex budget
  const longTeeth: Position[] = Array.from({ length: 2000 }, (_, i) => [i * 0.001, i % 2 ? 10 : 0]);
  const noTurf: [string, { type: string; coordinates: unknown }, number, number][] = [
    selfCrossing,
    [
      "2000-position zig-zag of 10° teeth 0.001° apart, 10 m, steps 128",
      { type: "LineString", coordinates: longTeeth },
      10,
      128,
    ],
  ];
  const rows: string[] = [];
  for (const [name, g, d, steps] of cases) {
    const ours = cpu(() => buffer({ geojson: g, distance: d, steps }));
    const theirs = cpu(() => geosBuffer(g, d, steps));
    const t = cpu(() =>
      turf.buffer(g as Parameters<typeof turf.buffer>[0], d / 1000, { units: "kilometers", steps }),
    );
    rows.push(
      `| buffer: ${name} | ${ours.toFixed(0)} | ${theirs.toFixed(1)} | ${t.toFixed(0)} | ${(ours / theirs).toFixed(1)} | ${(ours / t).toFixed(2)} |`,
    );
    console.error(rows.at(-1));
  }
  for (const [name, g, d, steps] of noTurf) {
    const ours = cpu(() => buffer({ geojson: g, distance: d, steps }));
    const theirs = cpu(() => geosBuffer(g, d, steps));
    rows.push(
      `| buffer: ${name} | ${ours.toFixed(0)} | ${theirs.toFixed(1)} | not run | ${(ours / theirs).toFixed(2)} | |`,
    );
    console.error(rows.at(-1));
  }
  // union of two crossing 990-vertex sawtooth polygons (85 s and 2.7 GB with polyclip-ts, as turf.union uses)
  const a = sawtooth(990, 0, 0);
  const b = a.map(([x, y]) => [y + 0.5, x - 0.5] as Position);
  const geojson = {
    type: "GeometryCollection",
    geometries: [a, b].map((r) => ({ type: "Polygon", coordinates: [r] })),
  };
  const u = cpu(() => overlay("union", { geojson }));
  rows.push(
    `| union: two crossing 990-vertex sawtooth polygons | ${u.toFixed(0)} | (same: GEOS OverlayNG) | not run (polyclip-ts: 85 s, issue 16) | 1.0 | |`,
  );
  return rows;
}
