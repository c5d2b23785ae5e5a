// `geo402-ingest export enc` and `export timezone`: the chart tiles and the H3 cell indexes as
// FlatGeobuf files GDAL opens (one layer per file, named after it), written by GDAL's driver
// (flatgeobuf-file.ts). enc: one file per layer (enc-features.ts). timezone: one file of cell
// polygons (timezone-cells.ts).
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { openByteSource } from "../../artifacts/format/byte-source.ts";
import { CellIndexReader } from "../../artifacts/format/cell-index-reader.ts";
import { resolveCurrent } from "../../artifacts/format/current-pointer.ts";
import { ENC_CHARTS_FILE, EncChartsReader } from "../../artifacts/format/enc-charts-reader.ts";
import { TIMEZONE_FILES } from "../../artifacts/format/timezone-lookup.ts";
import { encFeatures } from "./enc-features.ts";
import { writeFlatGeobuf } from "./flatgeobuf-file.ts";
import { timezoneCellFeatures } from "./timezone-cells.ts";

export async function exportEnc(artifactsDir: string, dir: string): Promise<string[]> {
  const current = await resolveCurrent(artifactsDir, "enc");
  const reader = await EncChartsReader.open(
    await openByteSource(path.join(current.dir, ENC_CHARTS_FILE), "file"),
  );
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  try {
    for (const [layer, features] of Object.entries(await encFeatures(reader))) {
      const file = path.join(dir, `enc-${layer}.fgb`);
      await writeFlatGeobuf(file, features);
      written.push(file);
    }
  } finally {
    reader.close();
  }
  return written;
}

export async function exportTimezone(artifactsDir: string, dir: string): Promise<string[]> {
  const current = await resolveCurrent(artifactsDir, "timezone");
  const open = async (name: "zones" | "coastal") =>
    CellIndexReader.open(await openByteSource(path.join(current.dir, TIMEZONE_FILES[name]), "file"));
  const [zones, coastal] = await Promise.all([open("zones"), open("coastal")]);
  await mkdir(dir, { recursive: true });
  try {
    const file = path.join(dir, "timezone-cells.fgb");
    await writeFlatGeobuf(
      file,
      await timezoneCellFeatures([
        { source: "boundary", reader: zones },
        { source: "coastal", reader: coastal },
      ]),
    );
    return [file];
  } finally {
    zones.close();
    coastal.close();
  }
}
