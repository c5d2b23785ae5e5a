// POST /v1/geometry/{buffer,simplify,union,intersect,difference,area,centroid,bbox}: geometry
// operations on EPSG:4326 GeoJSON. The kernels live in service/geo/geometry/; only the compute
// workers load them (compute/kernel.ts: the overlays load GEOS's WebAssembly).
import { kernel } from "../compute/kernel.ts";
import {
  BUFFER_DISTANCE,
  BUFFER_POSITIONS,
  BUFFER_STEPS,
  MEASURE_POSITIONS,
  OVERLAY_GEOMETRIES,
  OVERLAY_POSITIONS,
  SIMPLIFY_POSITIONS,
  SIMPLIFY_TOLERANCE_DEGREES,
  SIMPLIFY_TOLERANCE_METERS,
} from "../geo/geometry/limits.ts";
import type { OverlayOp } from "../geo/geometry/overlay.ts";
import { BODY_BYTES_LIMIT, NESTING_DEPTH_LIMIT } from "../limits.ts";
import { type CatalogEntry, defineRoute, type RouteLimit, type RouteOf } from "../route-types.ts";

const areaKernel = kernel(() => import("../geo/geometry/area.ts"));
const bboxKernel = kernel(() => import("../geo/geometry/bbox.ts"));
const bufferKernel = kernel(() => import("../geo/geometry/buffer.ts"));
const centroidKernel = kernel(() => import("../geo/geometry/centroid.ts"));
const overlayKernel = kernel(() => import("../geo/geometry/overlay.ts"));
const simplifyKernel = kernel(() => import("../geo/geometry/simplify.ts"));

const PRICE = "0.01";
const TAGS = ["geometry"];

const limit = (l: RouteLimit): RouteLimit => ({ name: l.name, max: l.max, unit: l.unit, detail: l.detail });

const square = [
  [
    [-149.9, 61.2],
    [-149.89, 61.2],
    [-149.89, 61.21],
    [-149.9, 61.21],
    [-149.9, 61.2],
  ],
];
const shifted = [
  [
    [-149.895, 61.205],
    [-149.885, 61.205],
    [-149.885, 61.215],
    [-149.895, 61.215],
    [-149.895, 61.205],
  ],
];
const pair = {
  type: "FeatureCollection",
  features: [
    { type: "Feature", properties: { name: "a" }, geometry: { type: "Polygon", coordinates: square } },
    { type: "Feature", properties: { name: "b" }, geometry: { type: "Polygon", coordinates: shifted } },
  ],
};
const parcel = {
  type: "Feature",
  properties: { name: "parcel" },
  geometry: { type: "Polygon", coordinates: square },
};

type Op = OverlayOp | "buffer" | "simplify" | "area" | "centroid" | "bbox";
type OpRoute<O extends Op> = RouteOf<{ body: `geometry-${O}.request`; response: `geometry-${O}.response` }>;

function entry<O extends Op>(
  op: O,
  summary: string,
  description: string,
  limits: RouteLimit[],
  example: OpRoute<O>["example"]["body"],
  handler: OpRoute<O>["handler"],
): OpRoute<O> {
  return defineRoute({
    method: "POST",
    path: `/v1/geometry/${op}`,
    price: PRICE,
    summary,
    description,
    tags: TAGS,
    schemas: { body: `geometry-${op}.request` as const, response: `geometry-${op}.response` as const },
    limits: [...limits.map(limit), BODY_BYTES_LIMIT, NESTING_DEPTH_LIMIT],
    example: { body: example },
    revisions: ["A", "B"],
    compute: "pool",
    handler,
  });
}

const overlayEntry = (op: OverlayOp, summary: string, description: string) =>
  entry(
    op,
    summary,
    description,
    [OVERLAY_POSITIONS, OVERLAY_GEOMETRIES],
    { geojson: pair },
    async ({ body }) => (await overlayKernel()).overlay(op, body),
  );

export const geometryEntries: CatalogEntry[] = [
  entry(
    "buffer",
    "Buffer points, lines and polygons by a distance in metres",
    "Each geometry is buffered about its own centre latitude on the sphere of the Gaussian radius of curvature there (radiusScale reports the factor against the mean Earth radius). Negative distances erode polygons; a collapse answers geojson:null, empty:true. accuracy states the error measured against GeographicLib for the answer.",
    [BUFFER_POSITIONS, BUFFER_DISTANCE, BUFFER_STEPS],
    { geojson: { type: "Point", coordinates: [-149.9, 61.2] }, distance: 500, steps: 6 },
    async ({ body }) => (await bufferKernel()).buffer(body),
  ),
  entry(
    "simplify",
    "Douglas–Peucker simplification in metres or degrees",
    "Simplifies lines and rings with Douglas–Peucker (after a radial-distance pre-pass unless highQuality); no dropped vertex deviates more than the tolerance. toleranceMeters is applied isotropically at the input's centre latitude; tolerance is in degrees; send exactly one. Retained positions are exactly as sent; rings keep at least four positions. Not topology-preserving.",
    [SIMPLIFY_POSITIONS, SIMPLIFY_TOLERANCE_METERS, SIMPLIFY_TOLERANCE_DEGREES],
    { geojson: parcel, toleranceMeters: 50 },
    async ({ body }) => (await simplifyKernel()).simplify(body),
  ),
  overlayEntry(
    "union",
    "Union of two or more polygons",
    "Planar union in longitude/latitude of every Polygon or MultiPolygon member of a FeatureCollection or GeometryCollection. One Feature: Polygon when the result has one part, MultiPolygon otherwise.",
  ),
  overlayEntry(
    "intersect",
    "Area common to two or more polygons",
    "Planar intersection in longitude/latitude of every Polygon or MultiPolygon member. Disjoint input answers geojson:null with empty:true (a 200 answer).",
  ),
  overlayEntry(
    "difference",
    "First polygon minus the others",
    "Planar difference in longitude/latitude: the first member in document order minus every later member. Nothing left answers geojson:null with empty:true (a 200 answer).",
  ),
  entry(
    "area",
    "Ellipsoidal area of polygons",
    'WGS 84 ellipsoidal area in square metres and kilometres: holes subtracted, MultiPolygon parts summed, points and lines count zero, winding ignored (ring 0 is the exterior). Edges are straight in longitude/latitude (default, edges:"lonlat") or geodesics (edges:"geodesic", GeographicLib\'s polygon area); edges and accuracy in the answer say which model was used, what it is exact for, and how far the other model\'s area lies for this input.',
    [MEASURE_POSITIONS],
    { geojson: parcel },
    async ({ body }) => (await areaKernel()).area(body),
  ),
  entry(
    "centroid",
    "Area centroid of polygons",
    "Centre of mass of the area (holes subtracted) in a Lambert azimuthal equal-area projection centred on the centroid itself (fixed point), edges straight in longitude/latitude. Non-areal or zero-area input falls back to the vertex mean, and method says which.",
    [MEASURE_POSITIONS],
    { geojson: parcel },
    async ({ body }) => (await centroidKernel()).centroid(body),
  ),
  entry(
    "bbox",
    "Extent of any geometry",
    "Naive per-axis [minLongitude, minLatitude, maxLongitude, maxLatitude] of every position; crossesAntimeridian flags geometries that span the antimeridian (the longitude range then covers the full width).",
    [MEASURE_POSITIONS],
    { geojson: parcel },
    async ({ body }) => (await bboxKernel()).bbox(body),
  ),
];
