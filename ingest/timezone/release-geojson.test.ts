// The release format (timezones*.geojson) through the whole pipeline on a small generated file:
// two zones sharing a border, a hole and an ocean feature that must be ignored. (Rebuilding to
// identical bytes is checked on the real family by `geo402-ingest repro timezone`.)

import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TimezoneLookup } from "../../artifacts/format/timezone-lookup.ts";
import { buildFamily } from "../lib/build.ts";
import type { SourceEntry } from "../sources.ts";
import { createTimezoneFamily } from "./family.ts";
import { readReleaseGeoJson } from "./release-geojson.ts";

const square = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
const RELEASE = {
  type: "FeatureCollection",
  features: [
    {
      type: "Feature",
      properties: { tzid: "Etc/GMT-1" },
      geometry: { type: "Polygon", coordinates: [square(7.5, -10, 22.5, 10)] },
    },
    {
      type: "Feature",
      properties: { tzid: "Africa/Lagos" },
      geometry: { type: "Polygon", coordinates: [square(10, 0, 11, 1), square(10.4, 0.4, 10.6, 0.6)] },
    },
    {
      type: "Feature",
      properties: { tzid: "Africa/Douala" },
      geometry: { type: "MultiPolygon", coordinates: [[square(11, 0, 12, 1)]] },
    },
  ],
};

let root: string;
let source: SourceEntry;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "geo402-tz-release-"));
  const text = JSON.stringify(RELEASE);
  await mkdir(path.join(root, "mirror"));
  await writeFile(path.join(root, "mirror", "timezones.geojson"), text);
  source = {
    id: "tbb-test-release",
    url: "https://github.com/evansiroky/timezone-boundary-builder/releases/download/test/timezones.geojson.zip",
    archiveMember: "combined.json",
    sha256: createHash("sha256").update(text).digest("hex"),
    bytes: Buffer.byteLength(text),
    vintage: "test",
    license: "ODbL-1.0",
    attribution: "test fixture in the release format",
    mirrorPath: "timezones.geojson",
    mirroredAt: "2026-01-01",
  };
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const family = () =>
  createTimezoneFamily({
    sources: ["tbb-test-release"],
    product: "test release",
    read: (inputs) => readReleaseGeoJson(inputs["tbb-test-release"]!),
    knownAnswers: [
      { name: "inside Lagos", lat: 0.2, lon: 10.2, expect: { timeZone: "Africa/Lagos", source: "boundary" } },
    ],
  });

describe("timezone release GeoJSON", () => {
  it("reads zones, skips Etc ocean features and refuses features without tzid", async () => {
    const src = readReleaseGeoJson(path.join(root, "mirror", "timezones.geojson"));
    expect(src.zones).toEqual(["Africa/Douala", "Africa/Lagos"]);
    expect(src.leafCount).toBe(2);
    const bad = path.join(root, "bad.geojson");
    await writeFile(
      bad,
      JSON.stringify({
        type: "FeatureCollection",
        features: [{ type: "Feature", properties: {}, geometry: RELEASE.features[1]!.geometry }],
      }),
    );
    expect(() => readReleaseGeoJson(bad)).toThrow(/tzid/);
  });

  it("builds through the pipeline: boundary, hole, coastal band, nautical", async () => {
    const opts = {
      mirror: path.join(root, "mirror"),
      sources: [source],
      log: () => {},
      progress: () => {},
      command: "test",
      gitSha: null,
    };
    const a = await buildFamily(family(), { ...opts, outRoot: path.join(root, "a") });
    expect(a.outputs.map((o) => o.path)).toEqual(["coastal.h3i", "tiles.tif", "zones.h3i"]);
    const lookup = await TimezoneLookup.open(a.dir);
    try {
      expect(await lookup.lookup(0.8, 11.5)).toEqual({ timeZone: "Africa/Douala", source: "boundary" });
      // The hole is water inside Lagos: the nearest zone within 60 km answers, as coastal.
      expect(await lookup.lookup(0.5, 10.5)).toEqual({ timeZone: "Africa/Lagos", source: "coastal" });
      expect(await lookup.lookup(-0.3, 11.8)).toEqual({ timeZone: "Africa/Douala", source: "coastal" });
      // 1.5 degrees (≈ 165 km) south: beyond the band, the ocean feature is not used, nautical rule.
      expect(await lookup.lookup(-1.5, 11.5)).toEqual({ timeZone: "Etc/GMT-1", source: "nautical" });
      expect(await lookup.zoneIds()).toEqual(["Africa/Douala", "Africa/Lagos"]);
    } finally {
      lookup.close();
    }
  });
});
