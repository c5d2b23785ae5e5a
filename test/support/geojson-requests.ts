// The paid requests whose answers are asked for as GeoJSON in the e2e test (validity) and the
// ops test (GDAL opens them): each route with a GeoJSON form, asked by `format` or by Accept.
import { CATALOG } from "../../service/catalog.ts";
import { routeKey } from "../../service/route-types.ts";
import { SAN_FRANCISCO } from "../../service/routes/example-geometries.ts";

export interface GeoJsonRequest {
  /** A file name for the answer (ops test). */
  name: string;
  method: "GET" | "POST";
  /** Path and query. */
  path: string;
  body?: unknown;
  /** Accept header sent (the format member is used otherwise). */
  accept?: string;
  /** The route's GeoJSON response schema. */
  schema: string;
  /** Features expected and their geometry types (sorted, distinct). */
  featureCount: number;
  geometryTypes: string[];
}

const catalogExample = (key: string) => CATALOG.find((e) => routeKey(e) === key)?.example.body as object;

export const GEOJSON_REQUESTS: GeoJsonRequest[] = [
  {
    // Kachemak Bay: charted obstructions as points and as areas (US5AK5QG, US4AK4PH).
    name: "hazards",
    method: "GET",
    path: "/v1/marine/hazards?lat=59.4469&lon=-151.7546&radius=1500&format=geojson",
    schema: "marine-hazards-geojson.response",
    featureCount: 21,
    geometryTypes: ["MultiPolygon", "Point"],
  },
  {
    // San Francisco, and Fiji on the antimeridian, whose resolution-3 cell is cut there.
    name: "h3-index",
    method: "POST",
    path: "/v1/h3/index",
    body: {
      points: [
        [-122.4194, 37.7749],
        [180, -17],
      ],
      resolutions: [3, 9],
    },
    accept: "application/geo+json",
    schema: "h3-index-geojson.response",
    featureCount: 4,
    geometryTypes: ["MultiPolygon", "Polygon"],
  },
  {
    name: "h3-polyfill",
    method: "POST",
    path: "/v1/h3/polyfill",
    body: { geojson: SAN_FRANCISCO, resolution: 7, format: "geojson" },
    schema: "h3-polyfill-geojson.response",
    featureCount: 34,
    geometryTypes: ["Polygon"],
  },
  {
    name: "pip",
    method: "POST",
    path: "/v1/pip",
    body: { ...catalogExample("POST /v1/pip"), format: "geojson" },
    schema: "pip-geojson.response",
    featureCount: 2,
    geometryTypes: ["Point"],
  },
  {
    name: "elevation-profile",
    method: "POST",
    path: "/v1/elevation/profile",
    body: catalogExample("POST /v1/elevation/profile"),
    accept: "application/geo+json, application/json;q=0.5",
    schema: "elevation-profile-geojson.response",
    featureCount: 1,
    geometryTypes: ["LineString"],
  },
];

/** The route of a request, for its price. */
export const entryOf = (r: GeoJsonRequest) => {
  const e = CATALOG.find((c) => c.method === r.method && c.path === r.path.split("?")[0]);
  if (!e) throw new Error(`no route for ${r.path}`);
  return e;
};

/** fetch options of a request. */
export const requestInit = (r: GeoJsonRequest): RequestInit => ({
  method: r.method,
  headers: {
    ...(r.body === undefined ? {} : { "content-type": "application/json" }),
    ...(r.accept ? { accept: r.accept } : {}),
  },
  ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
});
