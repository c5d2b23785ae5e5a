// The ENC family: NOAA ENC base cells → one tiled chart container (`charts.g4t`) holding, per
// tile and per cell, the depth areas, survey quality areas, soundings and hazards touching it.

import path from "node:path";
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import { openFileReader } from "../../artifacts/format/byte-source.ts";
import type { EncArea } from "../../artifacts/format/enc-charts-metadata.ts";
import { ENC_CHARTS_FILE, EncChartsReader } from "../../artifacts/format/enc-charts-reader.ts";
import type { EncTileGrid } from "../../artifacts/format/enc-tile-grid.ts";
import type { FamilyBuilder } from "../lib/family.ts";
import { cellInput } from "./cell-input.ts";
import { encSanity } from "./enc-sanity.ts";
import { buildEncTiles, type EncCellInput } from "./enc-tiles-build.ts";
import { verifyEncCharts } from "./enc-verify.ts";
import { ENC_CELLS, ENC_SOURCES, encCatalogSourceId, encCellSourceId, encUpdateSourceId } from "./sources.ts";

/** 1/64° of latitude × 1/32° of longitude: about 1.7 km × 1.8 km at 59.5° N. */
export const ENC_GRID: EncTileGrid = { rowsPerDegree: 64, colsPerDegree: 32 };

/** The areas the cells chart, named for the coverage answers (one here: all 11 cells are around Kachemak Bay). */
export const ENC_AREAS: readonly EncArea[] = [
  { name: "Kachemak Bay and lower Cook Inlet, Alaska (Homer, Seldovia, Port Graham)", cells: [...ENC_CELLS] },
];

/** Ids of the update files pinned for `cell`, in order (`.001`, `.002`, … without a gap). */
function pinnedUpdates(cell: string): string[] {
  const ids: string[] = [];
  for (let n = 1; ENC_SOURCES.some((s) => s.id === encUpdateSourceId(cell, n)); n++)
    ids.push(encUpdateSourceId(cell, n));
  return ids;
}

export function encFamily(
  cells: readonly string[] = ENC_CELLS,
  areas: readonly EncArea[] = ENC_AREAS,
): FamilyBuilder {
  return {
    ...FAMILY_SPECS.enc,
    sources: cells.flatMap((c) => [encCellSourceId(c), encCatalogSourceId(c), ...pinnedUpdates(c)]),
    parameters: {
      grid: ENC_GRID,
      file: ENC_CHARTS_FILE,
      areas: areas.map((a) => a.name),
      classes: ["M_COVR", "DEPARE", "DRGARE", "M_QUAL", "SOUNDG", "UWTROC", "OBSTRN", "WRECKS"],
    },
    description: `NOAA ENC charts (${cells.length} cells): depth areas, soundings, survey quality and hazards in tiles`,
    async build(ctx) {
      const inputs: EncCellInput[] = [];
      for (const cell of cells) inputs.push(await cellInput(cell, ctx.inputs));
      buildEncTiles(inputs, areas, ENC_GRID, path.join(ctx.outDir, ENC_CHARTS_FILE), ctx);
    },
    sanity: (inputs, changed) => encSanity(cells, inputs, changed),
    async verify(dir) {
      const reader = await openFileReader(path.join(dir, ENC_CHARTS_FILE), "file", EncChartsReader.open);
      try {
        await verifyEncCharts(reader, cells);
      } finally {
        reader.close();
      }
    },
  };
}
