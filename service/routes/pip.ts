// POST /v1/pip — many points against many polygons: a dense 0/1 matrix and per point the
// polygons that contain it. Boundary points count as inside unless `ignoreBoundary`.

import { checkLimit } from "../geo/limit.ts";
import { readPipPolygons } from "../geo/pip/pip-input.ts";
import { pipMatrix } from "../geo/pip/pip-matrix.ts";
import { preparePolygon } from "../geo/pip/prepared-polygon.ts";
import { readLonLatList } from "../geo/position.ts";
import { BODY_BYTES_LIMIT, NESTING_DEPTH_LIMIT } from "../limits.ts";
import { type CatalogEntry, defineRoute, type RouteLimit, type RouteOf } from "../route-types.ts";
import { SAN_FRANCISCO } from "./example-geometries.ts";
import { pipGeoJson } from "./geojson-forms.ts";

const PIP_LIMITS = {
  points: { name: "points", max: 250_000, unit: "points", detail: "positions in `points`" },
  polygons: {
    name: "polygons",
    max: 2_000,
    unit: "polygons",
    detail: "polygons (features or geometries) in `polygons`",
  },
  positions: {
    name: "positions",
    max: 100_000,
    unit: "positions",
    detail: "polygon positions in `polygons`, all rings, closing positions included",
  },
  pairs: { name: "pairs", max: 250_000, unit: "pairs", detail: "points × polygons" },
  vertexTests: { name: "vertexTests", max: 25_000_000, unit: "tests", detail: "points × polygon positions" },
} as const satisfies Record<string, RouteLimit>;

type PipRoute = RouteOf<{ body: "pip.request"; response: "pip.response"; geojson: "pip-geojson.response" }>;

const pointsInPolygons: PipRoute["handler"] = ({ body: b, format }) => {
  const points = readLonLatList(b.points, "points", PIP_LIMITS.points);
  const polygons = readPipPolygons(b.polygons);
  const positions = polygons.reduce((n, p) => n + p.geometry.positions, 0);
  checkLimit(PIP_LIMITS.polygons, polygons.length, { field: "polygons", path: "$.polygons" });
  checkLimit(PIP_LIMITS.positions, positions, { field: "polygons", path: "$.polygons" });
  checkLimit(PIP_LIMITS.pairs, points.length * polygons.length, { field: "points", path: "$.points" });
  checkLimit(PIP_LIMITS.vertexTests, points.length * positions, { field: "points", path: "$.points" });

  const prepared = polygons.map((p) => preparePolygon(p.geometry.parts));
  const { matrix, containing } = pipMatrix(points, prepared, b.ignoreBoundary === true);
  const answer = {
    matrix,
    containing,
    columns: polygons.map((p) => p.column),
    pointCount: points.length,
    polygonCount: polygons.length,
  };
  return format === "geojson" ? pipGeoJson(points, answer) : answer;
};

export const pipEntries: CatalogEntry[] = [
  defineRoute({
    method: "POST",
    path: "/v1/pip",
    price: "0.01",
    summary: "Point-in-polygon matrix",
    description:
      "Tests every point against every Polygon or MultiPolygon (edges straight in longitude/latitude, rings combined by the even-odd rule). Answers a dense matrix (row per point, column per polygon, 1 inside, 0 outside), per point the containing column indices, and the column labels (feature ids, or indices). A point on an edge or vertex is inside unless ignoreBoundary is true.",
    tags: ["containment"],
    schemas: { body: "pip.request", response: "pip.response", geojson: "pip-geojson.response" },
    limits: [...Object.values(PIP_LIMITS), BODY_BYTES_LIMIT, NESTING_DEPTH_LIMIT],
    example: {
      body: {
        points: [
          [-122.42, 37.77],
          [-122.3, 37.9],
        ],
        polygons: {
          type: "FeatureCollection",
          features: [
            {
              type: "Feature",
              id: "sf",
              properties: {},
              geometry: SAN_FRANCISCO,
            },
          ],
        },
      },
    },
    revisions: ["A", "B"],
    compute: "pool",
    handler: pointsInPolygons,
  }),
];
