// `geo402-ingest export <family> --into DIR`: the current version of a family in a format GDAL
// opens. Exit 0 written, 1 the export failed, 2 a family with no exporter (a usage error).
import type { FamilyBuilder } from "../lib/family.ts";
import { exportDatumGrids } from "./datum-grids-geotiff.ts";
import { exportEnc, exportTimezone } from "./vector-exports.ts";

/** The exporter of each family that has one: artifacts root, folder → files written. */
const EXPORTERS: Record<string, (artifactsDir: string, dir: string) => Promise<string[]>> = {
  "datum-grids": exportDatumGrids,
  enc: exportEnc,
  timezone: exportTimezone,
};

export async function exportCommand(
  family: FamilyBuilder,
  artifactsDir: string,
  dir: string,
  io: { stdout: { write(s: string): unknown }; stderr: { write(s: string): unknown } },
): Promise<number> {
  const exporter = EXPORTERS[family.family];
  if (!exporter) {
    io.stderr.write(
      `geo402-ingest: no exporter for ${family.family} (exporters: ${Object.keys(EXPORTERS).join(", ")})\n`,
    );
    return 2;
  }
  try {
    for (const file of await exporter(artifactsDir, dir))
      io.stdout.write(`${family.family}: wrote ${file}\n`);
    return 0;
  } catch (err) {
    io.stderr.write(`${family.family}: export FAILED: ${(err as Error).message}\n`);
    return 1;
  }
}
