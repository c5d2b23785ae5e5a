// POST /v1/geometry/centroid: centre of mass of the polygons' area (holes subtracted) in a Lambert
// azimuthal equal-area projection centred on the input; non-areal or zero-area input falls back to
// the mean of the vertices on the sphere, and says so in `method`.
import { ApiError } from "../../errors.ts";
import { unitVector, vectorLonLat } from "./ellipsoid.ts";
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

/** Edges longer than this (degrees, either axis) are followed in steps, as straight lon/lat lines. */
const EDGE_STEP_DEGREES = 0.5;

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

/** Area-weighted centroid of the polygons; null when they enclose no area. */
export function areaCentroid(polygons: Position[][][], centre: [number, number]): [number, number] | null {
  const proj = equalAreaAzimuthal(centre[0], centre[1]);
  let area = 0;
  let mx = 0;
  let my = 0;
  let extent = 0;
  for (const rings of polygons) {
    rings.forEach((ring, ri) => {
      const pts = densify(ring).map(([lon, lat]) => proj.forward(lon, lat));
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
        extent = Math.max(extent, Math.abs(x0), Math.abs(y0));
      }
      // exterior counts positive, holes negative, whatever their winding
      const sign = (ri === 0 ? 1 : -1) * (a < 0 ? -1 : 1);
      area += (sign * a) / 2;
      mx += (sign * cx) / 6;
      my += (sign * cy) / 6;
    });
  }
  if (!(area > 1e-12 * extent * extent)) return null;
  return proj.inverse(mx / area, my / area);
}

function densify(ring: Position[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x0, y0] = ring[i] as [number, number];
    const [x1, y1] = ring[i + 1] as [number, number];
    const n = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) / EDGE_STEP_DEGREES));
    for (let k = 0; k < n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  const last = ring[ring.length - 1];
  if (last) out.push([last[0] as number, last[1] as number]);
  return out;
}

export function centroidOf(doc: InputDocument): Omit<CentroidAnswer, "op" | "inputVertices"> {
  const geometries = doc.items.flatMap((i) => (i.geometry ? [i.geometry] : []));
  const all = vertices(geometries);
  const polygons = geometries.flatMap(polygonsOf);
  const notes: string[] = [];
  const mean = vertexMean(all);
  if (polygons.length > 0) {
    const centre = vertexMean(
      vertices(polygons.map((p) => ({ type: "Polygon", coordinates: p }) as Geometry)),
    );
    const c = areaCentroid(
      polygons,
      centre ?? [polygons[0]?.[0]?.[0]?.[0] ?? 0, polygons[0]?.[0]?.[0]?.[1] ?? 0],
    );
    if (c) {
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
    throw new ApiError("invalid_geometry", {
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
