// Issue 20: one input layer and one limit check for every priced route of the catalog. Each route
// is walked with its example, and one more input for every other body member that carries
// positions (found in its request schema), each carrying 4-number positions (RFC 7946 allows
// members after the altitude: accepted everywhere); and with an input past each of its published
// count limits (refused with limit_exceeded, the published limit, the count as `actual`, and one
// path style: `$.member` in a body, the parameter's name in a query). A new route, member or count
// limit fails the walk until it is covered. Requests run as the app runs them before and after
// payment: the schema check, then the handler, its kernels' refusals mapped by the route layer.
import { beforeAll, describe, expect, it } from "vitest";
import { unitRouteContext } from "../../test/reference/route-context.ts";
import { ARTIFACTS_DIR, builtFamily } from "../../test/support/built-artifacts.ts";
import { CATALOG } from "../catalog.ts";
import { FAMILY_OPENERS, openFamilies } from "../data/families.ts";
import { DataRegistry } from "../data/registry.ts";
import { ApiError } from "../errors.ts";
import { toApiError } from "../refusals.ts";
import { type CatalogEntry, type RouteContext, type RouteInput, routeKey } from "../route-types.ts";
import { createSchemaSet } from "../schemas.ts";

const schemas = createSchemaSet();
let ctx: RouteContext;

beforeAll(async () => {
  const families = ["crs", "datum-grids", "dem"];
  for (const f of families) await builtFamily(f);
  const data = new DataRegistry();
  await openFamilies(
    ARTIFACTS_DIR,
    data,
    FAMILY_OPENERS.filter((o) => families.includes(o.family)),
  );
  ctx = { ...unitRouteContext(), catalog: CATALOG, data };
});

/** The app's path for an input: schema check (query coerced), then the handler. */
async function run(e: CatalogEntry, input: RouteInput): Promise<{ answer?: object; refusal?: ApiError }> {
  try {
    if (e.schemas.body) schemas.body(e.schemas.body)(input.body);
    if (e.schemas.query) schemas.query(e.schemas.query)(input.query);
    return { answer: await e.handler(input, ctx) };
  } catch (err) {
    const known = toApiError(err);
    if (known instanceof ApiError) return { refusal: known };
    throw err;
  }
}

const priced = CATALOG.filter((e) => e.price !== "0");

/** Every position of a value (arrays of two or three numbers) lengthened to four numbers. */
function fourNumberPositions(v: unknown): { value: unknown; count: number } {
  let count = 0;
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) {
      if (x.length >= 2 && x.length <= 3 && x.every((n) => typeof n === "number")) {
        count++;
        return [...x, ...[12.5, 7].slice(x.length - 2)];
      }
      return x.map(walk);
    }
    if (typeof x === "object" && x !== null)
      return Object.fromEntries(Object.entries(x).map(([k, m]) => [k, walk(m)]));
    return x;
  };
  return { value: walk(v), count };
}

const flat = (n: number) => Array.from({ length: n }, (_, i) => [10 + (i % 1000) * 1e-4, 50]);
/** A closed ring of n positions (a small circle), counter-clockwise. */
const ring = (n: number, cx = 10, cy = 50, r = 0.01) => {
  const open = Array.from({ length: n - 1 }, (_, i) => {
    const a = (2 * Math.PI * i) / (n - 1);
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
  return [...open, open[0]];
};
const polygon = (n: number, cx = 10) => ({ type: "Polygon", coordinates: [ring(n, cx)] });
const features = (...geometries: unknown[]) => ({
  type: "FeatureCollection",
  features: geometries.map((geometry) => ({ type: "Feature", properties: {}, geometry })),
});
const line = (n: number) => ({ type: "LineString", coordinates: flat(n) });

interface OverLimit {
  input: RouteInput;
  field: string;
  limit: string;
  actual: number;
}
/** A body over (or under) a count limit (`positions` unless named). */
const over = (body: object, field: string, actual: number, limit = "positions"): OverLimit => ({
  input: { body, query: {} },
  field,
  limit,
  actual,
});
const manyPolygons = (n: number) => Array.from({ length: n }, (_, k) => polygon(4, 10 + k * 0.05));
const overlayCases = [
  over({ geojson: features(polygon(1_001), polygon(1_003, 11)) }, "geojson", 2_004),
  over({ geojson: features(polygon(5)) }, "geojson", 1, "polygonalGeometries"),
];

/**
 * Per priced route: an input crossing each of its count limits (units in COUNT_UNITS), or why the
 * route has none to cross. The walk checks the table against the catalog's published limits.
 */
const OVER_LIMIT: Record<string, OverLimit[] | string> = {
  "POST /v1/hello": "no input limit but bodyBytes, which the app checks on the raw body",
  "POST /v1/geojson/validate": "no count limit: a validator answers every fault as an issue",
  "POST /v1/geojson/repair": "no count limit: bodyBytes and nestingDepth are checked on the raw body",
  "POST /v1/transform": [
    over({ from: "EPSG:4326", to: "EPSG:3857", coordinates: flat(10_001) }, "coordinates", 10_001),
    over(
      { from: "EPSG:4326", to: "EPSG:3857", coordinates: [flat(5_000), [flat(5_000), [[10, 50]]]] },
      "coordinates",
      10_001,
    ),
    over(
      { from: "EPSG:4326", to: "EPSG:3857", geojson: features(line(6_000), line(4_002)) },
      "geojson",
      10_002,
    ),
  ],
  "POST /v1/geometry/buffer": [over({ geojson: line(2_003), distance: 10 }, "geojson", 2_003)],
  "POST /v1/geometry/simplify": [over({ geojson: line(100_002), tolerance: 0 }, "geojson", 100_002)],
  ...Object.fromEntries(
    ["union", "intersect", "difference"].map((op) => [`POST /v1/geometry/${op}`, overlayCases]),
  ),
  ...Object.fromEntries(
    ["area", "centroid", "bbox"].map((op) => [
      `POST /v1/geometry/${op}`,
      [over({ geojson: line(100_005) }, "geojson", 100_005)],
    ]),
  ),
  "POST /v1/h3/index": [over({ points: flat(10_002), resolution: 5 }, "points", 10_002, "points")],
  "POST /v1/h3/polyfill": [
    over({ geojson: polygon(10_004), resolution: 5 }, "geojson", 10_004),
    over(
      {
        geojson: { type: "MultiPolygon", coordinates: manyPolygons(501).map((p) => p.coordinates) },
        resolution: 5,
      },
      "geojson",
      501,
      "polygons",
    ),
  ],
  "POST /v1/pip": [
    over({ points: [[10, 50]], polygons: features(polygon(100_003)) }, "polygons", 100_003),
    over({ points: flat(250_001), polygons: features(polygon(5)) }, "points", 250_001, "points"),
    over({ points: [[10, 50]], polygons: features(...manyPolygons(2_001)) }, "polygons", 2_001, "polygons"),
  ],
  "GET /v1/timezone": [
    {
      input: { body: undefined, query: { lat: "61.2", lon: "-149.9", at: "2101-01-01T00:00:00Z" } },
      field: "at",
      limit: "atYear",
      actual: 2101,
    },
  ],
  "GET /v1/us/geographies": "no published limit: lat and lon only",
  "GET /v1/elevation": "no published limit: lat and lon only",
  "POST /v1/elevation/profile": [over({ path: flat(501) }, "path", 501)],
  "GET /v1/marine/depth": "no published limit: lat and lon only",
  "GET /v1/marine/hazards": [
    {
      input: { body: undefined, query: { lat: "59.6", lon: "-151.4", radius: "5001" } },
      field: "radius",
      limit: "radius",
      actual: 5001,
    },
  ],
};

/** Units of the limits that count what a request carries: each is walked with an input past it. */
const COUNT_UNITS = new Set(["positions", "points", "polygons", "geometries"]);

/** Inputs walked with 4-number positions besides each route's example: the other ways to send positions. */
const MORE_POSITION_INPUTS: Record<string, object[]> = {
  "POST /v1/transform": [
    {
      from: "EPSG:4326",
      to: "EPSG:3857",
      geojson: features(polygon(6), line(3), { type: "Point", coordinates: [10, 50] }),
    },
  ],
  "POST /v1/pip": [{ points: [[10.001, 50]], polygons: [polygon(6)] }],
};

/**
 * The body members of a route that carry positions, read from its request schema: a GeoJSON
 * member, an array of numbers at any depth, or (validate, repair) the body itself, a GeoJSON
 * document (`$`).
 */
function positionMembers(e: CatalogEntry): string[] {
  const schema = e.schemas.body
    ? (schemas.get(e.schemas.body) as { properties?: Record<string, unknown> })
    : {};
  const properties = schema.properties ?? {};
  if ("coordinates" in properties && "features" in properties) return ["$"];
  return Object.entries(properties)
    .filter(([, s]) => /geojson\.json#|"items":\{"type":"number"|"position/i.test(JSON.stringify(s)))
    .map(([name]) => name);
}
/** The members of a body that hold a position at some depth (`$` for a GeoJSON body). */
function membersWithPositions(body: object): string[] {
  if ("type" in body) return ["$"];
  return Object.entries(body)
    .filter(([, v]) => fourNumberPositions(v).count > 0)
    .map(([name]) => name);
}

describe("every priced route reads positions and limits the same way (issue 20)", () => {
  it("the walk covers every priced route of the catalog", () => {
    expect(Object.keys(OVER_LIMIT).sort()).toEqual(priced.map(routeKey).sort());
  });

  it.each(priced.map((e) => [routeKey(e), e] as const))(
    "%s: every published count limit is walked past",
    (key, e) => {
      const counts = e.limits.filter((l) => COUNT_UNITS.has(l.unit)).map((l) => l.name);
      const cases = OVER_LIMIT[key];
      const walked = typeof cases === "string" ? [] : (cases ?? []).map((c) => c.limit);
      for (const name of counts) expect(walked, `${key} limit ${name}`).toContain(name);
    },
  );

  it.each(priced.filter((e) => e.method === "POST").map((e) => [routeKey(e), e] as const))(
    "%s: every body member that carries positions is walked with 4-number positions",
    (key, e) => {
      const bodies = [e.example.body ?? {}, ...(MORE_POSITION_INPUTS[key] ?? [])];
      const walked = new Set(bodies.flatMap((b) => membersWithPositions(b as object)));
      expect([...walked].sort()).toEqual(expect.arrayContaining(positionMembers(e)));
    },
  );

  const fourNumberInputs = priced.flatMap((e) =>
    [e.example.body, ...(MORE_POSITION_INPUTS[routeKey(e)] ?? [])]
      .filter((b) => fourNumberPositions(b).count > 0)
      .map((b, i) => [`${routeKey(e)} #${i}`, e, b] as const),
  );
  it("the example of every priced route with a position-carrying body is walked", () => {
    expect([...new Set(fourNumberInputs.map(([, e]) => routeKey(e)))]).toEqual(
      priced.filter((e) => e.method === "POST" && routeKey(e) !== "POST /v1/hello").map(routeKey),
    );
  });

  it.each(fourNumberInputs)("%s accepts its input with 4-number positions", async (_key, e, body) => {
    const { value } = fourNumberPositions(body);
    const out = await run(e, { body: value, query: {} });
    expect(out.refusal?.code, JSON.stringify(out.refusal?.details)).toBeUndefined();
    expect(out.answer).toBeDefined();
  });

  const overLimitCases = priced.flatMap((e) => {
    const cases = OVER_LIMIT[routeKey(e)];
    return typeof cases === "string" || cases === undefined
      ? []
      : cases.map((c, i) => [`${routeKey(e)} ${c.limit} #${i}`, e, c] as const);
  });
  it.each(overLimitCases)("%s: refused with the published limit and the count", async (key, e, over) => {
    const { refusal } = await run(e, over.input);
    expect(refusal?.code, JSON.stringify(refusal?.details)).toBe("limit_exceeded");
    const published = e.limits.find((l) => l.name === over.limit);
    expect(published, `${key} publishes ${over.limit}`).toBeDefined();
    const { name, max, unit } = published as { name: string; max: number; unit: string };
    expect(refusal?.details.limit).toMatchObject({ name, max, unit, actual: over.actual });
    expect(refusal?.details.field).toBe(over.field);
    // One path style: `$.member` in a body, the parameter's own name in a query.
    expect(refusal?.details.path).toBe(e.method === "GET" ? over.field : `$.${over.field}`);
  });
});

describe("limit numbers in schema descriptions are the published limits (issue 20)", () => {
  const descriptions = (v: unknown): string[] =>
    Array.isArray(v)
      ? v.flatMap(descriptions)
      : typeof v === "object" && v !== null
        ? Object.entries(v).flatMap(([k, m]) =>
            k === "description" && typeof m === "string" ? [m] : descriptions(m),
          )
        : [];
  it("no request schema bounds an array itself: every count limit is a published limit checked by its route", () => {
    for (const e of priced)
      for (const name of [e.schemas.body, e.schemas.query])
        if (name) expect(JSON.stringify(schemas.get(name)), name).not.toContain('"maxItems"');
  });

  it.each(priced.map((e) => [routeKey(e), e] as const))("%s", (_key, e) => {
    const text = [e.schemas.body, e.schemas.query]
      .flatMap((name) => (name ? descriptions(schemas.get(name)) : []))
      .concat(e.description)
      .join(" ");
    const stated = [...text.matchAll(/\b(?:at most|up to|max) (\d+)/gi)].map((m) => Number(m[1]));
    const published = new Set(e.limits.map((l) => l.max));
    for (const n of stated) expect(published, `${n} in ${routeKey(e)}'s descriptions`).toContain(n);
  });
});
