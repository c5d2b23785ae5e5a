// POST /v1/geometry/centroid: centre of mass of the polygons' area (holes subtracted) in a Lambert
// azimuthal equal-area projection centred on the centroid itself (the fixed point: recentred until
// the planar centre of mass is the projection's centre), edges followed as straight lon/lat lines;
// non-areal or zero-area input falls back to the mean of the vertices on the sphere, and says so in
// `method`. Rings are read as the other routes read them: an edge over 180° of longitude runs the
// long way round, so the first centre for such input comes from the lon/lat plane, not the vertices.
import { forEachEdge } from "../position.ts";
import { Refusal } from "../refusal.ts";
import { DEG, unitVector, vectorLonLat } from "./ellipsoid.ts";
import { hasLongEdge } from "./ellipsoidal-area.ts";
import { equalAreaAzimuthal } from "./equal-area-azimuthal.ts";
import {
  type Geometry,
  type InputDocument,
  linesOf,
  type Position,
  pointsOf,
  polygonsOf,
  readGeoJson,
} from "./geojson-input.ts";
import { MEASURE_POSITIONS } from "./limits.ts";

export interface CentroidAnswer {
  op: "centroid";
  inputVertices: number;
  notes: string[];
  longitude: number;
  latitude: number;
  method: "area" | "vertex-mean";
}

/** Edges longer than this (degrees, either axis) are followed in steps, as straight lon/lat lines
 * (a chord of 0.01° parts from the lon/lat line by at most about 2 cm). */
const EDGE_STEP_DEGREES = 0.01;
/** Most followed points per request; past it the step grows (and a note says so). */
const FOLLOWED_POINTS = 2_000_000;
/** Recentring stops when the centroid moves less than this (metres) or after MAX_RECENTRES. */
const FIXED_POINT_METERS = 1e-3;
const MAX_RECENTRES = 8;

/** Distinct vertices: every point and line position, ring positions without the closing repeat. */
function vertices(geometries: Geometry[]): Position[] {
  const out: Position[] = [];
  for (const g of geometries) {
    out.push(...pointsOf(g));
    for (const l of linesOf(g)) out.push(...l);
    for (const p of polygonsOf(g)) for (const r of p) out.push(...r.slice(0, -1));
  }
  return out;
}

/** Mean of unit vectors, back to (lon, lat); null when the vertices balance about the Earth's centre. */
export function vertexMean(vs: Position[]): [number, number] | null {
  const first = vs[0];
  if (!first) return null;
  if (vs.every((v) => v[0] === first[0] && v[1] === first[1]))
    return [first[0] as number, first[1] as number];
  const sum: [number, number, number] = [0, 0, 0];
  for (const v of vs) {
    const u = unitVector(v[0] as number, v[1] as number);
    sum[0] += u[0];
    sum[1] += u[1];
    sum[2] += u[2];
  }
  if (Math.hypot(...sum) < 1e-9 * vs.length) return null;
  return vectorLonLat(sum);
}

/** Planar centre of mass in the projection centred on `centre` (metres), with the area; null when no area. */
function planarCentre(
  polygons: Position[][][],
  centre: [number, number],
  step: number,
): { x: number; y: number; proj: ReturnType<typeof equalAreaAzimuthal> } | null {
  const proj = equalAreaAzimuthal(centre[0], centre[1]);
  let area = 0;
  let mx = 0;
  let my = 0;
  let extent = 0;
  for (const rings of polygons) {
    rings.forEach((ring, ri) => {
      const pts = densify(ring, step).map(([lon, lat]) => proj.forward(lon, lat));
      let a = 0;
      let cx = 0;
      let cy = 0;
      forEachEdge(pts, (x0, y0, x1, y1) => {
        const cross = x0 * y1 - x1 * y0;
        a += cross;
        cx += (x0 + x1) * cross;
        cy += (y0 + y1) * cross;
        extent = Math.max(extent, Math.abs(x0), Math.abs(y0));
      });
      // exterior counts positive, holes negative, whatever their winding
      const sign = (ri === 0 ? 1 : -1) * (a < 0 ? -1 : 1);
      area += (sign * a) / 2;
      mx += (sign * cx) / 6;
      my += (sign * cy) / 6;
    });
  }
  if (!(area > 1e-12 * extent * extent)) return null;
  return { x: mx / area, y: my / area, proj };
}

/**
 * Area-weighted centroid of the polygons: the point whose Lambert azimuthal equal-area projection
 * has the polygons' centre of mass at its origin (found by recentring from `seed`); null when the
 * polygons enclose no area.
 */
export function areaCentroid(
  polygons: Position[][][],
  seed: [number, number],
  step = EDGE_STEP_DEGREES,
): [number, number] | null {
  let centre = seed;
  for (let i = 0; i < MAX_RECENTRES; i++) {
    const c = planarCentre(polygons, centre, step);
    if (!c) return null;
    centre = c.proj.inverse(c.x, c.y);
    if (Math.hypot(c.x, c.y) < FIXED_POINT_METERS) break;
  }
  return centre;
}

/** Centre of the lon/lat region (edges as sent) in Lambert's cylindrical equal-area map: a seed that reads long edges the long way. */
function lonLatSeed(polygons: Position[][][]): [number, number] {
  let area = 0;
  let mx = 0;
  let my = 0;
  for (const rings of polygons) {
    rings.forEach((ring, ri) => {
      let a = 0;
      let cx = 0;
      let cy = 0;
      forEachEdge(ring, (x0, p0, x1, p1) => {
        const y0 = Math.sin(p0 * DEG);
        const y1 = Math.sin(p1 * DEG);
        const cross = x0 * y1 - x1 * y0;
        a += cross;
        cx += (x0 + x1) * cross;
        cy += (y0 + y1) * cross;
      });
      const sign = (ri === 0 ? 1 : -1) * (a < 0 ? -1 : 1);
      area += (sign * a) / 2;
      mx += (sign * cx) / 6;
      my += (sign * cy) / 6;
    });
  }
  return [mx / area, Math.asin(Math.max(-1, Math.min(1, my / area))) / DEG];
}

function densify(ring: Position[], step: number): [number, number][] {
  const out: [number, number][] = [];
  forEachEdge(ring, (x0, y0, x1, y1) => {
    const n = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) / step));
    for (let k = 0; k < n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  });
  const last = ring[ring.length - 1];
  if (last) out.push([last[0], last[1]]);
  return out;
}

/** Step (degrees) that keeps the followed points within FOLLOWED_POINTS. */
function followStep(polygons: Position[][][]): number {
  let span = 0;
  let count = 0;
  for (const ring of polygons.flat()) {
    forEachEdge(ring, (x0, y0, x1, y1) => {
      span += Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
      count++;
    });
  }
  return Math.max(EDGE_STEP_DEGREES, span / Math.max(1, FOLLOWED_POINTS - count));
}

export function centroidOf(doc: InputDocument): Omit<CentroidAnswer, "op" | "inputVertices"> {
  const geometries = doc.items.flatMap((i) => (i.geometry ? [i.geometry] : []));
  const all = vertices(geometries);
  const polygons = geometries.flatMap(polygonsOf);
  const notes: string[] = [];
  const mean = vertexMean(all);
  if (polygons.length > 0) {
    const longEdges = polygons.some((p) => p.some(hasLongEdge));
    const centre = longEdges
      ? lonLatSeed(polygons)
      : vertexMean(vertices(polygons.map((p) => ({ type: "Polygon", coordinates: p }) as Geometry)));
    const step = followStep(polygons);
    const c = areaCentroid(
      polygons,
      centre ?? [polygons[0]?.[0]?.[0]?.[0] ?? 0, polygons[0]?.[0]?.[0]?.[1] ?? 0],
      step,
    );
    if (c) {
      if (longEdges) {
        notes.push(
          "An edge spans more than 180° of longitude; edges are straight in longitude/latitude, so it runs the long way round (as area and pip read it).",
        );
      }
      if (step > EDGE_STEP_DEGREES)
        notes.push(`Edges were followed every ${Number(step.toPrecision(2))}° to bound the work.`);
      if (polygons.length < geometries.length || all.length > polygons.flat(2).length) {
        notes.push("Points and lines in the input carry no area and do not move the centroid.");
      }
      return { notes, longitude: c[0], latitude: c[1], method: "area" };
    }
    notes.push("The polygons enclose zero area: the centroid falls back to the vertex mean.");
  } else {
    notes.push("The input has no polygon: the centroid is the vertex mean.");
  }
  if (!mean) {
    throw new Refusal("invalid_geometry", {
      field: "geojson",
      path: "$.geojson",
      reason:
        all.length === 0
          ? "the input holds no position"
          : "the vertices balance about the Earth's centre, so their mean has no direction",
    });
  }
  notes.push(
    "The vertex mean is taken on the sphere (mean of unit vectors), ring closing positions excluded.",
  );
  return { notes, longitude: mean[0], latitude: mean[1], method: "vertex-mean" };
}

export function centroid(body: { geojson: unknown }): CentroidAnswer {
  const doc = readGeoJson(body.geojson, { field: "geojson", cap: MEASURE_POSITIONS });
  return { op: "centroid", inputVertices: doc.positions, ...centroidOf(doc) };
}
