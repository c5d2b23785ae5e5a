// GET /v1/elevation and POST /v1/elevation/profile handlers on artifacts built from the real
// blocks (and SYNTHETIC 3DEP tiles for voids and seams): answers, refusals, and every profile
// limit refused before a single tile is read.
import { readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checksumOf } from "../../artifacts/format/block-checksum.ts";
import { MemorySource } from "../../artifacts/format/byte-source.ts";
import { CogTiles } from "../../artifacts/format/cog-tiles.ts";
import { pixelSizeMeters, toPixel } from "../../artifacts/format/dem-grid.ts";
import { DEM_METADATA_FILE, type DemMetadata } from "../../artifacts/format/dem-metadata.ts";
import type { DemDataset } from "../../service/data/dem-dataset.ts";
import { pathLength, samplePath } from "../../service/geo/elevation/profile-path.ts";
import { copyBuiltFamily, flipByte } from "../support/built-artifacts.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { buildRealDem, buildSyntheticDem, openBuiltDem, openDem } from "./dem-test-artifacts.ts";
import { contextWith, entry, refusal } from "./route-context.ts";
import { VOIDS } from "./synthetic-3dep.ts";
import { globalVoids, syntheticExpected } from "./synthetic-expected.ts";

const point = entry("GET", "/v1/elevation");
const profile = entry("POST", "/v1/elevation/profile");
const gdal = JSON.parse(readFileSync(new URL("./fixtures/gdal-reference.json", import.meta.url), "utf8")) as {
  points: { file: string; label: string; lon: number; lat: number; nearest: number; bilinear: number }[];
};
const fixture = (file: string, label: string) =>
  gdal.points.find((p) => p.file === file && p.label === label) as (typeof gdal.points)[number];

let real: DemDataset;
let smallTiles: DemDataset;
let synthetic: DemDataset;
beforeAll(async () => {
  real = await openBuiltDem();
  smallTiles = await openDem(await buildRealDem(16));
  synthetic = await openDem(
    await buildSyntheticDem([
      { north: 64, west: -149, voids: VOIDS },
      { north: 64, west: -148 },
    ]),
  );
});

const get = (dem: DemDataset, query: Record<string, unknown>) =>
  point.handler({ body: undefined, query }, contextWith(dem));
const post = (dem: DemDataset, body: unknown) => profile.handler({ body, query: {} }, contextWith(dem));

describe("GET /v1/elevation", () => {
  it("answers the .hgt tile with GDAL's bilinear value, EGM96, 3″ pixels and no publication date", async () => {
    const p = fixture("hgt", "interior");
    const body = (await get(real, { lat: p.lat, lon: p.lon })) as Record<string, unknown>;
    expectMatchesSchema("elevation.response", body);
    expect(body.elevationMeters).toBeCloseTo(p.bilinear, 6);
    expect(body).toMatchObject({
      verticalDatum: "EGM96",
      horizontalDatum: "WGS 84",
      interpolation: "bilinear",
      pixelsUsed: 4,
      published: null,
    });
    expect(body.source).toMatchObject({
      resolution: "3 arc-second",
      block: "N59W151.hgt",
      publisher: "Jonathan de Ferranti, viewfinderpanoramas.org",
    });
    const size = pixelSizeMeters(p.lat, 1 / 1200, 1 / 1200);
    expect(body.pixelSizeMeters).toEqual({ longitude: size.longitude, latitude: size.latitude });
    expect(body.notes).toContainEqual(expect.stringMatching(/EGM96.*not NAVD88/));
  });

  it("nearest answers the pixel's own value (GDAL's gdallocationinfo)", async () => {
    const p = fixture("hgt", "pixel-edge-vertical");
    const body = (await get(real, { lat: p.lat, lon: p.lon, interpolation: "nearest" })) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ elevationMeters: p.nearest, pixelsUsed: 1, interpolation: "nearest" });
  });

  it("answers the GLO-30 crop with EGM2008, 1″ pixels and the surface-model note", async () => {
    const p = fixture("cop", "interior");
    const body = (await get(real, { lat: p.lat, lon: p.lon })) as Record<string, unknown>;
    expectMatchesSchema("elevation.response", body);
    expect(body.elevationMeters).toBeCloseTo(p.bilinear, 6);
    expect(body).toMatchObject({
      verticalDatum: "EGM2008",
      source: { resolution: "1 arc-second", surface: "DSM", dataset: "Copernicus DEM GLO-30" },
    });
    expect(body.notes).toContainEqual(expect.stringMatching(/surface model/));
  });

  it("sea inside the coastal band answers 0 m with a note, never a refusal", async () => {
    const p = fixture("hgt", "sea-level-water");
    const body = (await get(real, { lat: p.lat, lon: p.lon })) as Record<string, unknown>;
    expect(body.elevationMeters).toBe(0);
    expect(body.notes).toContainEqual(expect.stringMatching(/0 m may be water/));
  });

  it.each([
    ["Anchorage, Alaska but no block ingested", 61.2, -149.9],
    ["Seattle, outside Alaska", 47.6, -122.3],
    ["inside the .hgt block but open sea beyond the coastal band", 59.05, -150.5],
  ])("outside_coverage: %s", async (_name, lat, lon) => {
    const err = await refusal(() => get(real, { lat, lon }));
    expect(err.code).toBe("outside_coverage");
    expect(err.status).toBe(422);
  });

  it("a void window is no_data, never 0; one void pixel among four is dropped", async () => {
    const voids = globalVoids(64, -149, VOIDS);
    const hole = await refusal(() =>
      get(synthetic, { lat: 63.3341, lon: -148.33372, interpolation: "bilinear" }),
    );
    expect(hole.code).toBe("no_data");
    const p = fixture("syn", "void-one-of-four");
    const body = (await get(synthetic, { lat: p.lat, lon: p.lon })) as Record<string, unknown>;
    expect(body.pixelsUsed).toBe(3);
    expect(body.elevationMeters).toBeCloseTo(syntheticExpected(p.lon, p.lat, "bilinear", voids) as number, 9);
    expect(body).toMatchObject({
      verticalDatum: "NAVD88",
      horizontalDatum: "NAD83",
      published: "2020-01-01",
    });
  });

  it.each([
    ["whose stored bytes fail their CRC-32", false],
    ["that does not inflate (its CRC-32 rewritten to match)", true],
  ])("a heights tile %s answers 503 data_unavailable, never a guess", async (_name, matchCrc) => {
    const meta = real.metadata;
    const z = meta.layers.findIndex((l) => meta.datasets[l.dataset]?.id === "viewfinderpanoramas-3as");
    const layer = meta.layers[z] as (typeof meta.layers)[number];
    const { x, y } = toPixel(layer.grid, -150.5, 59.75);
    const copy = await copyBuiltFamily("dem");
    try {
      const file = path.join(copy.dir, layer.heights.file);
      const cog = await CogTiles.open(new MemorySource(readFileSync(file)), layer.heights.file);
      const at = cog.index(
        Math.floor(x / layer.tileSize) - layer.tiles.x0,
        Math.floor(y / layer.tileSize) - layer.tiles.y0,
      );
      const raw = await cog.raw(at);
      const offset = readFileSync(file).indexOf(Buffer.from(raw));
      await flipByte(file, offset + 2);
      if (matchCrc) {
        const stored = JSON.parse(
          readFileSync(path.join(copy.dir, DEM_METADATA_FILE), "utf8"),
        ) as DemMetadata;
        (stored.layers[z] as typeof layer).heights.crc32[at] = checksumOf(
          readFileSync(file).subarray(offset, offset + raw.length),
        );
        writeFileSync(path.join(copy.dir, DEM_METADATA_FILE), JSON.stringify(stored));
      }
      const dem = await openDem(copy.dir);
      const err = await refusal(() => get(dem, { lat: 59.75, lon: -150.5 }));
      expect(err).toMatchObject({ code: "data_unavailable", status: 503 });
      expect(String(err.details.reason)).toMatch(matchCrc ? /does not inflate/ : /checksum mismatch/);
      // Elsewhere the same artifact still answers.
      expect(await get(dem, { lat: 59.654321, lon: -150.123456 })).toMatchObject({
        elevationMeters: expect.any(Number),
      });
      dem.reader.close();
    } finally {
      await rm(copy.root, { recursive: true, force: true });
    }
  });

  it("refuses out-of-range coordinates naming the parameter, and answers 503 without the artifact", async () => {
    expect(await refusal(() => get(real, { lat: 91, lon: -150 }))).toMatchObject({
      code: "coordinate_out_of_range",
      details: { field: "lat" },
    });
    expect(await refusal(() => get(real, { lat: 59, lon: -181 }))).toMatchObject({
      code: "coordinate_out_of_range",
      details: { field: "lon" },
    });
    const missing = await refusal(() =>
      point.handler({ body: undefined, query: { lat: 59.7, lon: -150.5 } }, contextWith(null)),
    );
    expect(missing.code).toBe("data_unavailable");
  });
});

describe("POST /v1/elevation/profile limits are refused before any tile is read", () => {
  const inland: [number, number][] = [
    [-150.9, 59.9],
    [-150.1, 59.7],
  ];
  const refusedBeforeReading = async (dem: DemDataset, body: unknown, name: string) => {
    const before = dem.reader.blobReads;
    const err = await refusal(() => post(dem, body));
    expect(err.code).toBe("limit_exceeded");
    expect((err.details.limit as { name: string }).name).toBe(name);
    expect(dem.reader.blobReads).toBe(before);
    return err;
  };
  it("501 positions", async () => {
    const path = Array.from({ length: 501 }, (_, i) => [-150.9 + i * 0.001, 59.8] as [number, number]);
    const err = await refusedBeforeReading(real, { path }, "positions");
    expect(err.details.limit).toMatchObject({ max: 500, actual: 501 });
  });
  it("2001 samples", async () => {
    await refusedBeforeReading(real, { path: inland, samples: 2001 }, "samples");
  });
  it("a path longer than 1000 km", async () => {
    const err = await refusedBeforeReading(
      real,
      {
        path: [
          [-150.5, 59.8],
          [-130, 64],
        ],
      },
      "lengthMeters",
    );
    expect((err.details.limit as { actual: number }).actual).toBeGreaterThan(1_000_000);
  });
  it("more than 512 tiles (an artifact cut into 16-pixel tiles)", async () => {
    const zigzag: [number, number][] = [];
    for (let k = 0; k < 8; k++)
      zigzag.push(
        [k % 2 ? -150.05 : -150.95, 59.95 - k * 0.04],
        [k % 2 ? -150.95 : -150.05, 59.95 - k * 0.04],
      );
    const err = await refusedBeforeReading(smallTiles, { path: zigzag, samples: 2000 }, "tiles");
    expect((err.details.limit as { actual: number }).actual).toBeGreaterThan(512);
    const ok = (await post(real, { path: zigzag, samples: 2000 })) as { tilesConsulted: number };
    expect(ok.tilesConsulted).toBeLessThanOrEqual(512);
  });
});

describe("POST /v1/elevation/profile", () => {
  it("samples every 60 m or closer by default, first and last on the path's ends", async () => {
    const path: [number, number][] = [
      [-150.6, 59.75],
      [-150.4, 59.8],
    ];
    const body = (await post(real, { path })) as {
      samples: { distanceMeters: number; longitude: number; latitude: number }[];
      lengthMeters: number;
      spacingMeters: number;
    };
    expectMatchesSchema("elevation-profile.response", body);
    expect(body.spacingMeters).toBeLessThanOrEqual(60);
    expect(body.samples.length).toBe(Math.ceil(body.lengthMeters / 60) + 1);
    expect(body.samples[0]).toMatchObject({ distanceMeters: 0, longitude: -150.6, latitude: 59.75 });
    expect(body.samples.at(-1)).toMatchObject({ longitude: -150.4, latitude: 59.8 });
  });

  it("names the first sample outside the coverage", async () => {
    const path: [number, number][] = [
      [-150.5, 59.6],
      [-150.5, 59.05],
    ];
    const err = await refusal(() => post(real, { path, samples: 200 }));
    expect(err.code).toBe("outside_coverage");
    const index = err.details.index as number;
    const samples = samplePath(path, pathLength(path), 200);
    const at = (k: number) => samples[k] as { longitude: number; latitude: number };
    const located = async (k: number) => {
      const tiles = new Set<string>();
      real.collectTiles(at(k).longitude, at(k).latitude, "bilinear", tiles);
      return (await real.load(tiles)).locate(at(k).longitude, at(k).latitude);
    };
    expect(await located(index)).toBeNull();
    expect(await located(index - 1)).not.toBeNull();
    expect(err.details.sample).toMatchObject({ index, longitude: at(index).longitude });
  });

  it("a profile through a void hole reports void samples and sums gain/loss over consecutive non-null samples", async () => {
    const path: [number, number][] = [
      [-148.338, 63.3343],
      [-148.329, 63.3343],
    ];
    const body = (await post(synthetic, { path, samples: 40 })) as {
      samples: { elevationMeters: number | null }[];
      stats: Record<string, number>;
    };
    expectMatchesSchema("elevation-profile.response", body);
    const heights = body.samples.map((s) => s.elevationMeters);
    expect(body.stats.voidSamples).toBe(heights.filter((h) => h === null).length);
    expect(body.stats.voidSamples).toBeGreaterThan(0);
    let gain = 0;
    for (let i = 1; i < heights.length; i++) {
      const a = heights[i - 1];
      const b = heights[i];
      if (a != null && b != null && b > a) gain += b - a;
    }
    expect(body.stats.gainMeters).toBeCloseTo(gain, 9);
  });

  it("a profile void throughout is no_data", async () => {
    const err = await refusal(() =>
      post(synthetic, {
        path: [
          [-148.33372, 63.3341],
          [-148.3334, 63.3339],
        ],
        samples: 5,
      }),
    );
    expect(err.code).toBe("no_data");
  });

  it("crossing the seam of two tiles, every sample equals the formula's bilinear value", async () => {
    const path: [number, number][] = [
      [-148.05, 63.5],
      [-147.95, 63.52],
    ];
    const body = (await post(synthetic, { path, samples: 500 })) as {
      samples: { longitude: number; latitude: number; elevationMeters: number }[];
      source: { blocks: { id: string }[] }[];
    };
    for (const s of body.samples)
      expect(s.elevationMeters).toBeCloseTo(
        syntheticExpected(s.longitude, s.latitude, "bilinear") as number,
        6,
      );
    expect(body.source[0]?.blocks.map((b) => b.id)).toEqual([
      "USGS_2_n64w148_20200101.tif",
      "USGS_2_n64w149_20200101.tif",
    ]);
  });
});
