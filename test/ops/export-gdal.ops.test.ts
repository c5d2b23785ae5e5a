// `geo402-ingest export datum-grids` writes GeoTIFFs that Debian's GDAL opens (gdalinfo) and that
// hold the same offsets as the PROJ-data grids they were built from (gdallocationinfo on both).
// Skipped, with the reason printed, where gdal-bin is not installed.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ingestCli } from "../support/ingest-cli.ts";
import { REPO_ROOT } from "../support/service.ts";

const run = promisify(execFile);
const absent = ["gdalinfo", "gdallocationinfo"].filter(
  (b) => spawnSync("sh", ["-c", `command -v ${b}`]).status !== 0,
);
const missing =
  absent.length > 0 ? `${absent.join(", ")} not installed (apt-get install gdal-bin)` : undefined;
if (missing) console.warn(`export-gdal ops test skipped: ${missing}`);

const MIRROR = path.resolve(REPO_ROOT, "../shared/data/nadcon");
const ALASKA = "us_noaa_nadcon5_nad27_nad83_1986_alaska.tif";

const valuesAt = async (file: string, lon: number, lat: number) =>
  (await run("gdallocationinfo", ["-valonly", "-geoloc", file, String(lon), String(lat)])).stdout.trim();

describe.skipIf(missing !== undefined)("geo402-ingest export datum-grids", () => {
  it("writes one GeoTIFF per grid: two float32 bands, the source's offsets at its nodes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "geo402-export-"));
    const r = await ingestCli(
      { GEO402_ARTIFACTS: path.join(REPO_ROOT, "artifacts") },
      "export",
      "datum-grids",
      "--into",
      dir,
    );
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const files = [...r.out.matchAll(/wrote (.+\.tif)$/gm)].map((m) => m[1] as string);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const info = JSON.parse((await run("gdalinfo", ["-json", file])).stdout) as {
        bands: { type: string }[];
        coordinateSystem?: { wkt: string };
      };
      expect(info.bands.map((b) => b.type)).toEqual(["Float32", "Float32"]);
    }
    const exported = path.join(dir, ALASKA);
    expect(files).toContain(exported);
    if (!existsSync(path.join(MIRROR, ALASKA))) {
      console.warn(`export-gdal: ${ALASKA} not in the mirror; offsets not compared`);
      return;
    }
    // Nodes of the 0.5° Alaska grid (longitudes 172..232 east), and a point between nodes.
    for (const [lon, lat] of [
      [190, 55],
      [210, 60],
      [200.5, 65],
      [220, 58.5],
    ] as const) {
      const ours = await valuesAt(exported, lon, lat);
      expect(ours).not.toBe("");
      expect(ours).toBe(await valuesAt(path.join(MIRROR, ALASKA), lon, lat));
    }
  });
});
