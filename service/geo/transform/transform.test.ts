// POST /v1/transform's kernel: request checks, code resolution per revision, shapes, limits,
// refusals with their index, and the revision A / revision B datum behaviour.
import fc from "fast-check";
import geographiclib from "geographiclib-geodesic";
import { beforeAll, describe, expect, it } from "vitest";
import { memoryGridStore } from "../../../test/conformance/memory-grid-store.ts";
import { NADCON_DIR, testRegistry } from "../../../test/conformance/shared-data.ts";
import type { Revision } from "../../config.ts";
import { Refusal, type RefusalCode } from "../refusal.ts";
import { CrsRegistry } from "./crs-registry.ts";
import type { GridStore } from "./grid-store.ts";
import { GridUnreadableError } from "./grid-store.ts";
import { runTransform } from "./transform.ts";
import type { TransformDeps } from "./transform-deps.ts";

const { Geodesic } = geographiclib;
const ALASKA = [
  "us_noaa_nadcon5_nad27_nad83_1986_alaska.tif",
  "us_noaa_nadcon5_nad83_1986_nad83_1992_alaska.tif",
  "us_noaa_nadcon5_nad83_1992_nad83_2007_alaska.tif",
  "us_noaa_nadcon5_nad83_2007_nad83_2011_alaska.tif",
  "us_noaa_nadcon5_nad83_1986_nad83_harn_conus.tif",
];
let registry: CrsRegistry;
let grids: GridStore;

beforeAll(async () => {
  registry = new CrsRegistry(await testRegistry());
  grids = await memoryGridStore(NADCON_DIR, ALASKA);
});

const deps = (revision: Revision, g: GridStore | undefined = grids): TransformDeps => ({
  registry,
  grids: g,
  revision,
  versions: {},
});
const run = (body: unknown, revision: Revision = "B", g?: GridStore) =>
  runTransform(body, deps(revision, g ?? grids));

async function refusal(body: unknown, revision: Revision = "B", g?: GridStore): Promise<Refusal> {
  const err = await run(body, revision, g).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Refusal);
  return err as Refusal;
}
const codeOf = async (body: unknown, revision: Revision = "B", g?: GridStore): Promise<RefusalCode> =>
  (await refusal(body, revision, g)).code;

describe("request members", () => {
  it("needs exactly one of coordinates and geojson", async () => {
    expect(await codeOf({ from: "4326", to: "3857" })).toBe("missing_field");
    expect(
      await codeOf({
        from: "4326",
        to: "3857",
        coordinates: [0, 0],
        geojson: { type: "Point", coordinates: [0, 0] },
      }),
    ).toBe("conflicting_fields");
  });
  it("refuses other members, and epoch in revision A", async () => {
    expect(await codeOf({ from: "4326", to: "3857", coordinates: [0, 0], crs: "x" })).toBe(
      "unexpected_field",
    );
    expect(await codeOf({ from: "4326", to: "3857", coordinates: [0, 0], epoch: 2020 }, "A")).toBe(
      "unexpected_field",
    );
    expect(await codeOf({ from: "4326", to: "3857", coordinates: [0, 0], epoch: 1800 })).toBe(
      "invalid_field",
    );
  });
  it("takes EPSG:n and bare n; refuses other spellings, unknown codes and NAD27/ITRF2020 in revision A", async () => {
    const r = await run({ from: "4326", to: "EPSG:3857", coordinates: [0, 0] }, "A");
    expect([r.from.id, r.to.id]).toEqual(["EPSG:4326", "EPSG:3857"]);
    expect(await codeOf({ from: "epsg:4326", to: "3857", coordinates: [0, 0] })).toBe("invalid_field");
    const unknown = await refusal({ from: "4326", to: "EPSG:3338", coordinates: [0, 0] });
    expect([unknown.code, unknown.details.field]).toEqual(["unsupported_crs", "to"]);
    expect(await codeOf({ from: "4267", to: "4269", coordinates: [-150, 61] }, "A")).toBe("unsupported_crs");
    expect(await codeOf({ from: "9990", to: "4326", coordinates: [0, 0] }, "A")).toBe("unsupported_crs");
  });
});

describe("shapes", () => {
  it("mirrors any nesting of coordinates exactly, with empty arrays and elevations passed through", async () => {
    const coordinates = [
      [[-149.9, 61.2, 12.5]],
      [],
      [
        [-150, 61],
        [-151, 60.5, -3],
      ],
      [[[[-152, 60]]]],
    ];
    const r = await run({ from: "4326", to: "26905", coordinates }, "A");
    const out = r.coordinates as unknown[];
    const shape = (v: unknown): unknown =>
      Array.isArray(v) && typeof v[0] !== "number" ? v.map(shape) : Array.isArray(v) ? v.length : v;
    expect(shape(out)).toEqual(shape(coordinates));
    expect((out[0] as number[][])[0]?.[2]).toBe(12.5);
    expect(r.count).toBe(4);
    expect(r.notes.some((n) => n.includes("2 elevation(s) passed through"))).toBe(true);
  });

  it("answers a single position as a single position", async () => {
    const r = await run({ from: "4326", to: "3857", coordinates: [0, 0] }, "A");
    expect(r.coordinates).toEqual([0, 0]);
  });

  it("keeps GeoJSON structure, ids, properties and foreign members; drops bbox members and says so", async () => {
    const geojson = {
      type: "FeatureCollection",
      bbox: [-150, 61, -149, 62],
      name: "foreign member",
      features: [
        {
          type: "Feature",
          id: 7,
          bbox: [0, 0, 1, 1],
          properties: { bbox: "kept in properties", n: [1, 2] },
          geometry: { type: "Point", coordinates: [-149.9, 61.2] },
        },
        { type: "Feature", properties: null, geometry: null },
        {
          type: "Feature",
          properties: {},
          geometry: {
            type: "GeometryCollection",
            geometries: [
              {
                type: "LineString",
                bbox: [1, 2, 3, 4],
                coordinates: [
                  [-150, 61],
                  [-150.1, 61.1, 5],
                ],
              },
            ],
          },
        },
      ],
    };
    const r = await run({ from: "4326", to: "6394", geojson }, "A");
    const g = r.geojson as typeof geojson;
    expect(Object.keys(g)).toEqual(["type", "name", "features"]);
    expect(g.features[0]).toMatchObject({ id: 7, properties: { bbox: "kept in properties", n: [1, 2] } });
    expect("bbox" in (g.features[0] as object)).toBe(false);
    expect(g.features[1]).toEqual({ type: "Feature", properties: null, geometry: null });
    const collection = g.features[2]?.geometry as {
      geometries: { coordinates: number[][]; bbox?: unknown }[];
    };
    const line = collection.geometries[0];
    expect(line?.bbox).toBeUndefined();
    expect(line?.coordinates[1]?.[2]).toBe(5);
    expect(r.count).toBe(3);
    expect(r.notes.some((n) => n.startsWith("3 bbox member(s) dropped"))).toBe(true);
  });

  it("refuses malformed GeoJSON with its path", async () => {
    const e = await refusal({
      from: "4326",
      to: "3857",
      geojson: { type: "Polygon", coordinates: [[0, 0]] },
    });
    expect([e.code, e.details.path]).toEqual(["invalid_field", "$.geojson.coordinates[0][0]"]);
  });

  // Issue 20: transform reads GeoJSON with the geometry routes' reader, so the same document gets
  // the same code and path on every route (RFC 7946 §3.1.6: a ring closes, four or more positions).
  it("refuses an unclosed ring as the geometry routes do, with the ring's path", async () => {
    const ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ];
    const e = await refusal({
      from: "4326",
      to: "3857",
      geojson: { type: "Feature", properties: null, geometry: { type: "Polygon", coordinates: [ring] } },
    });
    expect([e.code, e.details.field, e.details.path]).toEqual([
      "invalid_geometry",
      "geojson",
      "$.geojson.geometry.coordinates[0]",
    ]);
  });

  it("refuses a GeoJSON position out of the source's range with its index and document path", async () => {
    const e = await refusal({
      from: "4326",
      to: "3857",
      geojson: {
        type: "FeatureCollection",
        features: [
          { type: "Feature", properties: null, geometry: { type: "Point", coordinates: [1, 2] } },
          {
            type: "Feature",
            properties: null,
            geometry: {
              type: "MultiLineString",
              coordinates: [
                [],
                [
                  [0, 0],
                  [0, 95],
                ],
              ],
            },
          },
        ],
      },
    });
    expect([e.code, e.details.index, e.details.path]).toEqual([
      "coordinate_out_of_range",
      2,
      "$.geojson.features[1].geometry.coordinates[1][1]",
    ]);
  });

  it("reads projected GeoJSON positions without the lon/lat ranges (the source CRS's own)", async () => {
    const r = await run(
      { from: "3857", to: "4326", geojson: { type: "Point", coordinates: [1_113_194.9, 6_446_275.8] } },
      "A",
    );
    const [lon, lat] = (r.geojson as { coordinates: number[] }).coordinates;
    expect(lon).toBeCloseTo(10, 6);
    expect(lat).toBeCloseTo(50, 5);
  });
});

describe("limits and refusals carry the index of the position", () => {
  // Regression (issue 20): flat positions were refused by the schema as `coordinates` items.
  it.each([
    ["nested", Array.from({ length: 101 }, () => Array.from({ length: 100 }, () => [0, 0])), 10_100],
    ["flat", Array.from({ length: 10_001 }, () => [0, 0]), 10_001],
  ])(
    "refuses more than 10000 positions (%s) by the positions limit, the count as actual",
    async (_, coordinates, actual) => {
      const e = await refusal({ from: "4326", to: "3857", coordinates });
      expect([e.code, e.details.field, e.details.path, e.details.limit]).toEqual([
        "limit_exceeded",
        "coordinates",
        "$.coordinates",
        { name: "positions", max: 10000, unit: "positions", actual },
      ]);
    },
  );
  it("refuses nesting deeper than the service's nesting limit (64 levels)", async () => {
    let deep: unknown = [0, 0];
    for (let i = 0; i < 65; i++) deep = [deep];
    const e = await refusal({ from: "4326", to: "3857", coordinates: deep });
    expect((e.details.limit as { name: string }).name).toBe("nestingDepth");
  });
  it("refuses geographic input out of range, with index and path", async () => {
    const e = await refusal({ from: "4326", to: "3857", coordinates: [[0, 0], [[181, 0]]] });
    expect([e.code, e.details.index, e.details.path]).toEqual([
      "coordinate_out_of_range",
      1,
      "$.coordinates[1][0]",
    ]);
  });
  it("refuses a position outside the target projection's domain, never answering Infinity or NaN", async () => {
    const e = await refusal(
      {
        from: "4326",
        to: "3857",
        coordinates: [
          [0, 0],
          [0, 89.9],
        ],
      },
      "A",
    );
    expect([e.code, e.details.index, e.details.field]).toEqual(["outside_projection_domain", 1, "to"]);
    const utm = await refusal(
      {
        from: "4326",
        to: "32605",
        coordinates: [
          [-153, 10],
          [-100, 0],
        ],
      },
      "A",
    );
    expect([utm.code, utm.details.index]).toEqual(["outside_projection_domain", 1]);
  });
});

describe("issue 18.2: inverse LCC / Hotine to 1e-8 m", () => {
  // 1e-8 m of latitude is about 9e-14°.
  const LAT_1E8_M = 1e-8 / 111_000;

  it("EPSG:2811 → EPSG:4152 returns the true latitude 47.18099479599444 (was 1.98e-6 m off)", async () => {
    const body = { from: "EPSG:2811", to: "EPSG:4152", coordinates: [[705860.362004418, 343160.2092256729]] };
    for (const revision of ["A", "B"] as const) {
      const [[lon, lat]] = (await run(body, revision)).coordinates as [[number, number]];
      expect(Math.abs(lat - 47.18099479599444)).toBeLessThanOrEqual(LAT_1E8_M);
      expect(lon).toBeCloseTo(-95.49197982221703, 11);
    }
  });

  it("EPSG:2811 → EPSG:26915 (NADCON5 HARN → NAD83) comes back to its input within 1e-6 m (was 1.8e-6 m)", async () => {
    const input = [671192.2650614912, 347391.42518890114];
    const there = await run({ from: "EPSG:2811", to: "EPSG:26915", coordinates: [input] });
    expect((there.datumShift as { operations: { id: string }[] }).operations.map((o) => o.id)).toEqual([
      "EPSG:8556",
    ]);
    const back = await run({ from: "EPSG:26915", to: "EPSG:2811", coordinates: there.coordinates });
    const [[x, y]] = back.coordinates as [[number, number]];
    expect(Math.hypot(x - (input[0] as number), y - (input[1] as number))).toBeLessThanOrEqual(1e-6);
  });
});

describe("revision A: one datum for WGS 84 and NAD83", () => {
  it("never shifts and says what that costs", async () => {
    const r = await run({ from: "4326", to: "6318", coordinates: [-150, 61] }, "A");
    expect(r.datumShiftApplied).toBe(false);
    expect(r.datumShift).toBeUndefined();
    expect(r.coordinates).toEqual([-150, 61]);
  });

  /** [epoch, metres] pairs of the revision A note. */
  const noteFigures = (notes: string[]): [number, number][] => {
    const note = notes.find((n) => n.startsWith("Revision A")) ?? "";
    return [...note.matchAll(/([0-9]+\.[0-9]+) m at epoch ([0-9]+\.[0-9]+)/g)].map((m) => [
      Number(m[2]),
      Number(m[1]),
    ]);
  };

  it("issue 18.10: states the datum error revision B's Helmert gives at these positions and epochs (Seattle, Honolulu)", async () => {
    const cases = [
      { to: "6318", coordinates: [[-122.33, 47.61]], op: "EPSG:10334" },
      { to: "6322", coordinates: [[-157.86, 21.31]], op: "EPSG:10336" },
    ];
    for (const c of cases) {
      const a = await run({ from: "4326", to: c.to, coordinates: c.coordinates }, "A");
      const note = a.notes.find((n) => n.startsWith("Revision A")) ?? "";
      expect(note).toContain(c.op);
      const figures = noteFigures(a.notes);
      expect(figures.map(([e]) => e)[0]).toBe(2010);
      expect(figures).toHaveLength(2);
      for (const [epoch, metres] of figures) {
        const b = await run({ from: "4326", to: c.to, coordinates: c.coordinates, epoch });
        const [[lon, lat]] = b.coordinates as [[number, number]];
        const [lon0, lat0] = c.coordinates[0] as [number, number];
        const truth = Geodesic.WGS84.Inverse(lat0, lon0, lat, lon).s12 as number;
        expect(Math.abs(metres - truth), `${c.to} at ${epoch}`).toBeLessThanOrEqual(0.005);
      }
    }
    // Seattle at 2010 is the 1.40 m, not the old note's "about 1.29 m".
    const seattle = await run({ from: "4326", to: "6318", coordinates: [[-122.33, 47.61]] }, "A");
    expect(noteFigures(seattle.notes)[0]).toEqual([2010, 1.4]);
  });

  it("says no figure is computed where revision B would need NADCON5 grids (WGS 84 → NAD83)", async () => {
    const r = await run({ from: "4326", to: "4269", coordinates: [-122.33, 47.61] }, "A");
    expect(noteFigures(r.notes)).toEqual([]);
    expect(r.notes.some((n) => n.includes("through NADCON5 grids"))).toBe(true);
  });
});

describe("revision B datum shifts", () => {
  it("applies nothing when both sides share a datum, and says so", async () => {
    const r = await run({ from: "26905", to: "4269", coordinates: [500000, 6700000] });
    expect(r.datumShiftApplied).toBe(false);
    expect(r.datumShift).toMatchObject({
      applied: false,
      sameDatum: true,
      operations: [],
      epoch: 2010,
      epochSource: "default",
    });
    const w = await run({ from: "4326", to: "9990", coordinates: [10, 10] });
    expect([w.datumShiftApplied, (w.datumShift as { sameDatum: boolean }).sameDatum, w.coordinates]).toEqual([
      false,
      true,
      [10, 10],
    ]);
  });

  it("NAD27 → NAD83(2011) in Alaska runs the 4-grid NADCON5 chain and lists it", async () => {
    const r = await run({ from: "EPSG:26705", to: "EPSG:6318", coordinates: [[500000, 6800000]] });
    const ds = r.datumShift as {
      operations: { id: string; kind: string; direction: string }[];
      regions: string[];
    };
    expect(r.datumShiftApplied).toBe(true);
    expect(ds.operations.map((o) => o.id)).toEqual(["EPSG:8549", "EPSG:8550", "EPSG:8551", "EPSG:8552"]);
    expect(ds.regions).toEqual(["alaska"]);
  });

  it("WGS 84 → NAD83(2011) runs EPSG:10334 at the request's epoch; the epoch changes the answer", async () => {
    const a = await run({ from: "4326", to: "6318", coordinates: [-150, 61], epoch: 2010 });
    const b = await run({ from: "4326", to: "6318", coordinates: [-150, 61], epoch: 2026.5 });
    expect((a.datumShift as { operations: { id: string }[] }).operations.map((o) => o.id)).toEqual([
      "EPSG:10334",
    ]);
    expect(a.coordinates).not.toEqual(b.coordinates);
    expect((b.datumShift as { epoch: number; epochSource: string }).epochSource).toBe("request");
  });

  it("refuses datum pairs with no operation anywhere (NAD83(CORS96) → NAD27) as outside the grids", async () => {
    const e = await refusal({ from: "6783", to: "4267", coordinates: [-150, 61] });
    expect([e.code, e.details.reason, e.details.index]).toEqual([
      "outside_datum_grid",
      "no_datum_operation",
      0,
    ]);
  });

  it("answers 503 when a grid cannot be read, and when the datum-grids family is not loaded", async () => {
    const broken: GridStore = {
      header: (n) => grids.header(n),
      readTiles: async (n) => {
        throw new GridUnreadableError(n, "test: unreadable");
      },
      provenance: { source: "test" },
    };
    expect(await codeOf({ from: "4267", to: "4269", coordinates: [-150, 61] }, "B", broken)).toBe(
      "data_unavailable",
    );
    const without: TransformDeps = { registry, grids: undefined, revision: "B", versions: {} };
    const none = await runTransform({ from: "4267", to: "4269", coordinates: [-150, 61] }, without).catch(
      (e: unknown) => e,
    );
    expect((none as Refusal).code).toBe("data_unavailable");
  });

  it("stops at 512 grid tiles per call", async () => {
    const tiny = await memoryGridStore(NADCON_DIR, ALASKA.slice(0, 1), 3);
    // 3-node tiles: the 121 × 47-node grid has 41 × 16 tiles; 2000 points spread over it need more than 512.
    const coordinates = Array.from({ length: 2000 }, (_, i) => [
      -179.5 + (i % 50),
      50.5 + Math.floor(i / 50) * 0.55,
    ]);
    const e = await refusal({ from: "4267", to: "4269", coordinates }, "B", tiny);
    expect([
      e.code,
      (e.details.limit as { name: string; max: number }).name,
      (e.details.limit as { max: number }).max,
    ]).toEqual(["limit_exceeded", "datumGridTiles", 512]);
  });

  it("names the earliest position outside a step's grid, whatever order the kernel visits them in", async () => {
    // The chain's second grid cut at 200° E (−160°): positions east of it fail in step 2. The
    // kernel visits a region's positions south to north; the refusal still names index 1.
    const second = ALASKA[1] as string;
    const cut: GridStore = {
      ...grids,
      header: (n) => {
        const h = grids.header(n);
        return h && n === second ? { ...h, width: (200 - h.west) / h.resX + 1 } : h;
      },
      readTiles: (n, ids) => grids.readTiles(n, ids),
    };
    const coordinates = [
      [-165, 60],
      [-150, 68],
      [-170, 55],
      [-150, 56],
    ];
    const e = await refusal({ from: "4267", to: "6318", coordinates }, "B", cut);
    expect([e.code, e.details.index, e.details.grid]).toEqual(["outside_datum_grid", 1, second]);
  });
});

/** A lon/lat position (|latitude| ≤ 80°), with or without an elevation. */
const position = fc
  .tuple(fc.double({ min: -179, max: 179, noNaN: true }), fc.double({ min: -80, max: 80, noNaN: true }))
  .chain(([x, y]) =>
    fc.oneof(
      fc.constant([x, y]),
      fc.double({ min: -500, max: 9000, noNaN: true }).map((z) => [x, y, z]),
    ),
  );

describe("shape property", () => {
  it("any nesting of positions comes back with exactly the same structure and elevations", async () => {
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.array(position, { maxLength: 4 }),
        fc.array(tie("tree"), { maxLength: 3 }),
      ),
    }));
    await fc.assert(
      fc.asyncProperty(tree, async (coordinates) => {
        const r = await run({ from: "4326", to: "3857", coordinates }, "A");
        const skeleton = (v: unknown): unknown =>
          Array.isArray(v) && (v.length === 0 || typeof v[0] !== "number")
            ? v.map(skeleton)
            : (v as number[]).slice(2);
        expect(skeleton(r.coordinates)).toEqual(skeleton(coordinates));
      }),
      { numRuns: 200 },
    );
  });
});

describe("GeoJSON shape property", () => {
  const line = fc.oneof(fc.constant([]), fc.array(position, { minLength: 2, maxLength: 4 }));
  const ring = fc.array(position, { minLength: 3, maxLength: 4 }).map((r) => [...r, [...(r[0] as number[])]]);
  const polygon = fc.array(ring, { maxLength: 2 });
  /** A geometry object with an optional bbox and foreign member (bbox values need not be right). */
  const dressed = (type: string, member: string, value: fc.Arbitrary<unknown>) =>
    fc.record(
      {
        type: fc.constant(type),
        [member]: value,
        bbox: fc.constant([0, 0, 1, 1]),
        foreign: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: ["type", member] },
    );
  const { geometry } = fc.letrec((tie) => ({
    geometry: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      dressed("Point", "coordinates", position),
      dressed("MultiPoint", "coordinates", fc.array(position, { maxLength: 3 })),
      dressed("LineString", "coordinates", line),
      dressed("MultiLineString", "coordinates", fc.array(line, { maxLength: 2 })),
      dressed("Polygon", "coordinates", polygon),
      dressed("MultiPolygon", "coordinates", fc.array(polygon, { maxLength: 2 })),
      dressed("GeometryCollection", "geometries", fc.array(tie("geometry"), { maxLength: 3 })),
    ),
  }));
  const feature = fc.record(
    {
      type: fc.constant("Feature"),
      id: fc.oneof(fc.integer(), fc.string()),
      properties: fc.oneof(fc.constant(null), fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }))),
      geometry: fc.oneof(fc.constant(null), geometry),
      bbox: fc.constant([0, 0, 1, 1]),
    },
    { requiredKeys: ["type", "properties", "geometry"] },
  );
  const document = fc.oneof(
    geometry,
    feature,
    fc.record(
      {
        type: fc.constant("FeatureCollection"),
        features: fc.array(feature, { maxLength: 4 }),
        bbox: fc.constant([0, 0, 1, 1]),
      },
      { requiredKeys: ["type", "features"] },
    ),
  );
  /** The document without the bbox members GeoJSON defines (document, features, geometries). */
  const withoutBbox = (node: unknown): unknown => {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return node;
    const { bbox: _, ...rest } = node as Record<string, unknown>;
    if (rest.type === "FeatureCollection") rest.features = (rest.features as unknown[]).map(withoutBbox);
    if (rest.type === "Feature") rest.geometry = withoutBbox(rest.geometry);
    if (rest.type === "GeometryCollection") rest.geometries = (rest.geometries as unknown[]).map(withoutBbox);
    return rest;
  };

  it("any document comes back member for member, every position in its place (EPSG:4326 → 4326)", async () => {
    await fc.assert(
      fc.asyncProperty(document, async (geojson) => {
        const r = await run({ from: "4326", to: "4326", geojson }, "A");
        expect(r.geojson).toEqual(withoutBbox(geojson));
      }),
      { numRuns: 200 },
    );
  });
});
