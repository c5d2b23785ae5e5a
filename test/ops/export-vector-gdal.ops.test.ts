// `geo402-ingest export enc` and `export timezone` write FlatGeobuf files that Debian's GDAL opens
// (ogrinfo): every layer with the feature count the artifact holds, and spot checks that the
// features carry the artifact's values at a position (ogrinfo -spat against the readers).
// Skipped, with the reason printed, where gdal-bin is not installed.
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { openByteSource } from "../../artifacts/format/byte-source.ts";
import { CellIndexReader } from "../../artifacts/format/cell-index-reader.ts";
import { resolveCurrent } from "../../artifacts/format/current-pointer.ts";
import { ENC_CHARTS_FILE, EncChartsReader } from "../../artifacts/format/enc-charts-reader.ts";
import { TIMEZONE_FILES, TimezoneLookup } from "../../artifacts/format/timezone-lookup.ts";
import { ENC_LAYERS, encFeatures } from "../../ingest/export/enc-features.ts";
import { ingestCli } from "../support/ingest-cli.ts";
import { REPO_ROOT } from "../support/service.ts";

const run = promisify(execFile);
const missing =
  spawnSync("sh", ["-c", "command -v ogrinfo"]).status !== 0
    ? "ogrinfo not installed (apt-get install gdal-bin)"
    : undefined;
if (missing) console.warn(`export-vector-gdal ops test skipped: ${missing}`);

const ARTIFACTS = path.join(REPO_ROOT, "artifacts");

/** What Debian's ogrinfo (GDAL 3.6: no -json yet) says of a one-layer file, from its text report. */
interface OgrLayer {
  name: string;
  geometry: string;
  featureCount: number;
  fields: { name: string; type: string }[];
  /** With `-spat`: the features it selects, their attribute values as printed. */
  features: Record<string, string>[];
}
async function ogrinfo(file: string, ...args: string[]): Promise<OgrLayer> {
  const { stdout } = await run("ogrinfo", ["-ro", "-al", ...args, file], { maxBuffer: 64 * 1024 * 1024 });
  const line = (label: string) => stdout.match(new RegExp(`^${label}: (.*)$`, "m"))?.[1] ?? "";
  const header = stdout.split(/^OGRFeature/m)[0] ?? "";
  return {
    name: line("Layer name"),
    geometry: line("Geometry"),
    featureCount: Number(line("Feature Count")),
    fields: [...header.matchAll(/^(\w+): (\w+) \(/gm)]
      .filter((m) => !["Geometry", "Extent"].includes(m[1] as string))
      .map((m) => ({ name: m[1] as string, type: m[2] as string })),
    features: stdout
      .split(/^OGRFeature\(.*\):\d+$/m)
      .slice(1)
      .map((block) =>
        Object.fromEntries([...block.matchAll(/^ {2}(\w+) \(\w+\) = (.*)$/gm)].map((m) => [m[1], m[2]])),
      ),
  };
}

/** Runs `geo402-ingest export <family>` into `dir`; expects success and returns what it printed. */
async function exportInto(family: string, dir: string): Promise<string> {
  const r = await ingestCli({ GEO402_ARTIFACTS: ARTIFACTS }, "export", family, "--into", dir);
  expect(r.err).toBe("");
  expect(r.code).toBe(0);
  return r.out;
}

describe.skipIf(missing !== undefined)("geo402-ingest export enc | timezone", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "geo402-export-vector-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("enc: one FlatGeobuf per layer, GDAL counts the features the chart tiles hold", {
    timeout: 300_000,
  }, async () => {
    const out = await exportInto("enc", dir);
    const files = [...out.matchAll(/wrote (.+\.fgb)$/gm)].map((m) => m[1] as string);
    expect(files.map((f) => path.basename(f))).toEqual(ENC_LAYERS.map((l) => `enc-${l}.fgb`));

    const current = await resolveCurrent(ARTIFACTS, "enc");
    const reader = await EncChartsReader.open(await openByteSource(path.join(current.dir, ENC_CHARTS_FILE)));
    const expected = await encFeatures(reader);
    reader.close();
    for (const layer of ENC_LAYERS) {
      const info = await ogrinfo(path.join(dir, `enc-${layer}.fgb`), "-so");
      expect(info.name).toBe(`enc-${layer}`);
      expect(info.featureCount, layer).toBe(expected[layer].length);
      expect(info.featureCount, layer).toBeGreaterThan(0);
    }
    const depth = await ogrinfo(path.join(dir, "enc-depth-areas.fgb"), "-so");
    expect(depth.geometry).toBe("Polygon");
    expect(depth.fields.filter((f) => f.name.startsWith("drval")).map((f) => f.type)).toEqual([
      "Real",
      "Real",
    ]);
    // A sounding read back through GDAL is one of the tiles' own, to the E7 unit.
    const first = expected.soundings[0];
    if (first?.geometry.type !== "Point") throw new Error("no sounding");
    const [lon, lat] = first.geometry.coordinates as [number, number];
    const near = await ogrinfo(
      path.join(dir, "enc-soundings.fgb"),
      "-spat",
      String(lon - 1e-7),
      String(lat - 1e-7),
      String(lon + 1e-7),
      String(lat + 1e-7),
    );
    expect(near.features.map((f) => Number(f.depth))).toContain(first.properties?.depth);
  });

  // The longest export: 531,373 cell polygons through GDAL (about 3 minutes on this machine).
  it("timezone: one FlatGeobuf of the H3 cell polygons, every stored cell with its zone", {
    timeout: 900_000,
  }, async () => {
    const out = await exportInto("timezone", dir);
    const file = path.join(dir, "timezone-cells.fgb");
    expect(out).toContain(`wrote ${file}`);

    const current = await resolveCurrent(ARTIFACTS, "timezone");
    const count = async (name: "zones" | "coastal") => {
      const idx = await CellIndexReader.open(
        await openByteSource(path.join(current.dir, TIMEZONE_FILES[name])),
      );
      const n = idx.entryCount;
      idx.close();
      return n;
    };
    const info = await ogrinfo(file, "-so");
    expect(info.featureCount).toBe((await count("zones")) + (await count("coastal")));
    expect(info.geometry).toBe("Polygon");
    expect(info.fields.map((f) => f.name)).toEqual(["h3", "resolution", "timeZone", "source"]);

    // At inland points the cell GDAL finds there names the zone the service's reader answers.
    const lookup = await TimezoneLookup.open(current.dir);
    for (const [lon, lat] of [
      [-149.9, 61.2],
      [2.35, 48.86],
      [139.69, 35.69],
    ] as const) {
      const hit = await lookup.lookupCells(lat, lon);
      const cells = await ogrinfo(file, "-spat", String(lon), String(lat), String(lon), String(lat));
      expect(
        cells.features.map((f) => f.timeZone),
        `${lon},${lat}`,
      ).toContain(hit.timeZone);
    }
    lookup.close();
  });
});
