// POST /v1/geometry/buffer: every geometry buffered about its own centre latitude, the distance
// measured on the sphere of the Gaussian radius of curvature there.
import { checkLimit } from "../limit.ts";
import { Refusal } from "../refusal.ts";
import {
  type OutputCollection,
  type OutputFeature,
  type OutputGeometry,
  shapeAnswer,
} from "./answer-shape.ts";
import { chordError } from "./buffer-accuracy.ts";
import { bufferGeometry, followTolerance, type GeometryBuffer } from "./buffer-geometry.ts";
import { linesOf, pointsOf, readGeoJson } from "./geojson-input.ts";
import { BUFFER_DISTANCE, BUFFER_POSITIONS, BUFFER_STEPS } from "./limits.ts";

export interface BufferRequest {
  geojson: unknown;
  distance: number;
  steps?: number;
}

export interface BufferAnswer {
  op: "buffer";
  inputVertices: number;
  notes: string[];
  geojson: OutputFeature | OutputCollection | null;
  empty: boolean;
  distanceMeters: number;
  steps: number;
  radiusScale: number | null;
  accuracy: string;
}

export const DEFAULT_STEPS = 24;

const fmt = (x: number) => Number(x.toPrecision(2)).toString();

function accuracySentence(results: GeometryBuffer[], distance: number, steps: number): string {
  const chord = `arc chords cut inward by at most ${fmt(chordError(steps) * 100)}% of the distance (1 − cos(π/(4·${steps})))`;
  if (distance === 0)
    return "Distance 0: polygons are returned as sent (normalised by a union); nothing is offset.";
  const measured = results.flatMap((r) => (r.error ? [r.error] : []));
  const samples = measured.reduce((s, e) => s + e.samples, 0);
  if (samples === 0) return `Nothing was measured because no geometry was offset; ${chord}.`;
  const rel = Math.max(...measured.map((e) => e.maxRelative));
  const metres = Math.max(...measured.map((e) => e.maxMeters));
  const follow = followTolerance(distance, steps);
  return `Measured against GeographicLib geodesics at ${samples} offsets: within ±${fmt(rel * 100)}% (${fmt(metres)} m) of ${Math.abs(distance)} m; ${chord}; output edges follow the drawn curves to within ${fmt(follow)} m.`;
}

function asGeometry(r: GeometryBuffer): OutputGeometry | null {
  const [only, ...more] = r.polygons;
  if (!only) return null;
  return more.length === 0
    ? { type: "Polygon", coordinates: only }
    : { type: "MultiPolygon", coordinates: r.polygons };
}

export function buffer(body: BufferRequest): BufferAnswer {
  const doc = readGeoJson(body.geojson, { field: "geojson", cap: BUFFER_POSITIONS });
  const distance = body.distance;
  checkLimit(BUFFER_DISTANCE, distance, { field: "distance", path: "$.distance" });
  const steps = body.steps ?? DEFAULT_STEPS;
  if (!Number.isInteger(steps))
    throw new Refusal("invalid_field", { field: "steps", path: "$.steps", reason: "steps is an integer" });
  checkLimit(BUFFER_STEPS, steps, { field: "steps", path: "$.steps" });
  const results = doc.items.map((item) =>
    item.geometry ? bufferGeometry(item.geometry, item.path, distance, steps) : null,
  );
  const geometries = results.map((r) => (r ? asGeometry(r) : null));
  const done = results.filter((r): r is GeometryBuffer => r !== null);
  const empty = geometries.every((g) => g === null);
  const notes: string[] = [];
  const collapsed = geometries.filter((g, i) => g === null && doc.items[i]?.geometry).length;
  if (collapsed > 0 && !empty)
    notes.push(`${collapsed} of ${doc.items.length} geometries collapsed and answer with a null geometry.`);
  const nonAreal = doc.items.some(
    (i) => i.geometry && (pointsOf(i.geometry).length > 0 || linesOf(i.geometry).length > 0),
  );
  if (distance <= 0 && nonAreal) {
    notes.push("Points and lines have no interior: a distance of 0 or less leaves nothing of them.");
  }
  if (done.some((r) => r.longEdges)) {
    notes.push(
      "An edge spans more than 180° of longitude; edges are straight in longitude/latitude, so it runs the long way round.",
    );
  }
  const coarse = done.reduce((m, r) => Math.max(m, r.coarse ?? 0), 0);
  if (coarse > 0) {
    notes.push(
      `The input's long edges were followed to within ${fmt(coarse)} m only, to stay within the vertex budget.`,
    );
  }
  const snapped = done.reduce((m, r) => Math.max(m, r.snapped ?? 0), 0);
  if (snapped > 0)
    notes.push(
      `Exact clipping could not assemble the rings; plane vertices closer than ${fmt(snapped)} m were merged.`,
    );
  const only = results.length === 1 ? results[0] : undefined;
  return {
    op: "buffer",
    inputVertices: doc.positions,
    notes,
    geojson: empty ? null : shapeAnswer(doc, geometries),
    empty,
    distanceMeters: distance,
    steps,
    radiusScale: only ? only.radiusScale : null,
    accuracy: accuracySentence(done, distance, steps),
  };
}
