// GDAL (Debian's gdal-bin) opens the GeoJSON forms: each geographic route is paid on the devnet,
// its application/geo+json answer written to a file, converted with `ogr2ogr -f GPKG` and the
// GeoPackage read back with `ogrinfo -so`: feature count and geometry type as GDAL reports them.
// Skipped, with the reason printed, where gdal-bin is not installed.
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { GEOJSON_REQUESTS, requestInit } from "../support/geojson-requests.ts";
import { type Payer, type TestService, withServiceAndPayer } from "../support/service.ts";

const absent = ["ogr2ogr", "ogrinfo"].filter((b) => spawnSync("sh", ["-c", `command -v ${b}`]).status !== 0);
const missing =
  absent.length > 0 ? `${absent.join(", ")} not installed (apt-get install gdal-bin)` : undefined;
if (missing) console.warn(`geojson-gdal ops test skipped: ${missing}`);

// Asynchronous: the service under test answers on this same event loop.
const run = promisify(execFile);

/** What `ogrinfo -so` says of a layer: its geometry type and feature count. */
async function layerSummary(file: string): Promise<{ geometry: string; features: number }> {
  const out = (await run("ogrinfo", ["-ro", "-so", "-al", file], { encoding: "utf8" })).stdout;
  return {
    geometry: /^Geometry: (.+)$/m.exec(out)?.[1] ?? "",
    features: Number(/^Feature Count: (\d+)$/m.exec(out)?.[1]),
  };
}

/** GDAL's name of a layer's geometry type: one type, "3D" for a Z line, or mixed. */
const GDAL_GEOMETRY: Record<string, string> = {
  hazards: "Unknown (any)",
  "h3-index": "Unknown (any)",
  "h3-polyfill": "Polygon",
  pip: "Point",
  "elevation-profile": "3D Line String",
};

let t: TestService;
let payer: Payer;
describe.skipIf(missing !== undefined)("ogr2ogr opens the paid GeoJSON answers", () => {
  withServiceAndPayer((service, funded) => {
    t = service;
    payer = funded;
  });
  const dir = mkdtempSync(path.join(tmpdir(), "geo402-geojson-gdal-"));

  for (const r of GEOJSON_REQUESTS) {
    it(`${r.name}: ogr2ogr -f GPKG, then ogrinfo: ${r.featureCount} features`, async () => {
      const res = await payer.fetch(`${t.url}${r.path}`, requestInit(r));
      expect(res.status).toBe(200);
      const geojson = path.join(dir, `${r.name}.geojson`);
      writeFileSync(geojson, Buffer.from(await res.arrayBuffer()));
      expect((await layerSummary(geojson)).features).toBe(r.featureCount);
      const gpkg = path.join(dir, `${r.name}.gpkg`);
      // GeoPackage has no list fields: GDAL writes them as JSON strings, as it warns.
      await run("ogr2ogr", ["-f", "GPKG", gpkg, geojson], { encoding: "utf8" });
      expect(await layerSummary(gpkg)).toEqual({ geometry: GDAL_GEOMETRY[r.name], features: r.featureCount });
    });
  }
});
