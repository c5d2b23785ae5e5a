// Our nearest and bilinear heights against GDAL's (test/dem/fixtures/gdal-reference.json, made
// by make-gdal-reference.sh with GDAL 3.6.2) at chosen points of the real blocks and of SYNTHETIC
// 3DEP-layout tiles with voids and a seam: through ingest → artifact → service sampling.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { DemDataset } from "../../service/data/dem-dataset.ts";
import type { Interpolation } from "../../service/geo/elevation/interpolate.ts";
import { buildSyntheticDem, COP_FILE, HGT_FILE, openBuiltDem, openDem } from "./dem-test-artifacts.ts";
import { FIXTURE_TILES, NO_DATA, synthetic3depTiff } from "./synthetic-3dep.ts";
import { globalVoids, syntheticExpected } from "./synthetic-expected.ts";

interface FixturePoint {
  file: "hgt" | "cop" | "syn" | "seam";
  label: string;
  lon: number;
  lat: number;
  nearest: number | null;
  bilinear: number | null;
}
const fixture = JSON.parse(
  readFileSync(new URL("./fixtures/gdal-reference.json", import.meta.url), "utf8"),
) as {
  files: Record<string, { sha256: string | null }>;
  points: FixturePoint[];
};
const sha256 = (b: Uint8Array): string => createHash("sha256").update(b).digest("hex");

let real: DemDataset;
let synthetic: DemDataset;
beforeAll(async () => {
  real = await openBuiltDem();
  synthetic = await openDem(await buildSyntheticDem(FIXTURE_TILES));
});

const datasetFor = (p: FixturePoint): DemDataset => (p.file === "hgt" || p.file === "cop" ? real : synthetic);

async function ours(
  p: FixturePoint,
  method: Interpolation,
): Promise<{ value: number | null; pixelsUsed: number }> {
  const ds = datasetFor(p);
  const tiles = new Set<string>();
  ds.collectTiles(p.lon, p.lat, method, tiles);
  const view = await ds.load(tiles);
  const at = view.locate(p.lon, p.lat);
  if (!at) throw new Error(`${p.label} at ${p.lon},${p.lat} is outside the coverage`);
  const s = view.sample(at, method);
  return { value: s?.elevationMeters ?? null, pixelsUsed: s?.pixelsUsed ?? 0 };
}

describe("the fixture was made from the same bytes", () => {
  it("hashes of the real blocks and of the regenerated synthetic tile match the fixture", () => {
    expect(sha256(readFileSync(HGT_FILE))).toBe(fixture.files.hgt?.sha256);
    expect(sha256(readFileSync(COP_FILE))).toBe(fixture.files.cop?.sha256);
    const first = FIXTURE_TILES[0] as (typeof FIXTURE_TILES)[number];
    expect(sha256(synthetic3depTiff(first.north, first.west, first.voids))).toBe(fixture.files.syn?.sha256);
  });
});

describe("nearest equals gdallocationinfo", () => {
  for (const p of fixture.points) {
    it(`${p.file} ${p.label} (${p.lon}, ${p.lat})`, async () => {
      const got = await ours(p, "nearest");
      if (p.nearest === NO_DATA) expect(got.value).toBeNull();
      else expect(got.value).toBeCloseTo(p.nearest as number, 6);
    });
  }
});

describe("bilinear equals GDAL's warper", () => {
  for (const p of fixture.points.filter((q) => q.bilinear !== null)) {
    it(`${p.file} ${p.label} (${p.lon}, ${p.lat})`, async () => {
      expect((await ours(p, "bilinear")).value).toBeCloseTo(p.bilinear as number, 6);
    });
  }

  it("the one point GDAL leaves empty (void pixel under the point) is the renormalised mean of its 3 valid pixels", async () => {
    const p = fixture.points.find((q) => q.label === "void-under-point") as FixturePoint;
    expect(p.bilinear).toBeNull();
    const got = await ours(p, "bilinear");
    expect(got.pixelsUsed).toBe(3);
    const first = FIXTURE_TILES[0] as (typeof FIXTURE_TILES)[number];
    const voids = globalVoids(first.north, first.west, first.voids);
    expect(got.value).toBeCloseTo(syntheticExpected(p.lon, p.lat, "bilinear", voids) as number, 9);
  });

  it("an entirely void window has no value, as in GDAL", async () => {
    const p = fixture.points.find((q) => q.label === "void-window") as FixturePoint;
    expect(p.bilinear).toBeNull();
    expect(await ours(p, "bilinear")).toEqual({ value: null, pixelsUsed: 0 });
  });
});

describe("pixels used at the edges", () => {
  const used = async (label: string, file = "hgt"): Promise<number> => {
    const p = fixture.points.find((q) => q.label === label && q.file === file) as FixturePoint;
    return (await ours(p, "bilinear")).pixelsUsed;
  };
  it("voids are dropped: one of four, two of four", async () => {
    expect(await used("void-one-of-four", "syn")).toBe(3);
    expect(await used("void-two-of-four", "syn")).toBe(2);
  });
  it("a point on a pixel centre uses that pixel alone; on an edge or corner, two or four", async () => {
    expect(await used("pixel-centre")).toBe(1);
    expect(await used("pixel-centre", "cop")).toBe(1);
    expect(await used("pixel-edge-vertical")).toBe(4);
    expect(await used("pixel-corner")).toBe(4);
  });
  it("beyond the outermost pixel centres only the pixels that exist are used", async () => {
    expect(await used("tile-rim-west")).toBe(1);
    expect(await used("tile-rim-north")).toBe(1);
    expect(await used("tile-rim-south-east", "cop")).toBe(1);
  });
  it("a window straddling four artifact tiles reads all four", async () => {
    for (const file of ["hgt", "cop"]) {
      const p = fixture.points.find(
        (q) => q.label === "artifact-tile-corner" && q.file === file,
      ) as FixturePoint;
      const tiles = new Set<string>();
      real.collectTiles(p.lon, p.lat, "bilinear", tiles);
      expect(tiles.size).toBe(4);
      expect(await used("artifact-tile-corner", file)).toBe(4);
    }
  });
  it("a window on the seam between two synthetic tiles reads tiles of both blocks", async () => {
    const p = fixture.points.find((q) => q.label === "seam-on-edge") as FixturePoint;
    const keys = new Set<string>();
    synthetic.collectTiles(p.lon, p.lat, "bilinear", keys);
    const blocks = new Set<string>();
    for (const key of keys) {
      const [z, tx, ty] = key.split("/").map(Number) as [number, number, number];
      for (const f of (await synthetic.reader.tile(z, tx, ty))?.flags ?? [])
        if (f !== 0) blocks.add(synthetic.metadata.blocks[f - 1]?.id as string);
    }
    expect([...blocks].sort()).toEqual(["USGS_2_n64w148_20200101.tif", "USGS_2_n64w149_20200101.tif"]);
    expect((await ours(p, "bilinear")).pixelsUsed).toBe(4);
  });
});
