// Sanity checks of candidate ENC cells before `refresh` builds the enc family: each changed cell
// matches the CRC its CATALOG.031 lists, reads as S-57 with the expected dataset name, usage
// band and WGS 84 horizontal datum, and has charted coverage. Its edition, update and issue date
// become the vintage ("edition 13, update 0, issued 2023-06-09", as ingest/enc/sources.ts pins).
import type { SanityReport } from "../lib/family.ts";
import { cellInput } from "./cell-input.ts";
import { readEncCell } from "./enc-cell.ts";
import { encCatalogSourceId, encCellSourceId } from "./sources.ts";

/** S-57 HDAT 2: WGS 84. */
const WGS84 = 2;

export async function encSanity(
  cells: readonly string[],
  inputs: Record<string, string>,
  changed: readonly string[],
): Promise<SanityReport> {
  const vintages: Record<string, string> = {};
  for (const cell of cells) {
    if (!changed.includes(encCellSourceId(cell)) && !changed.includes(encCatalogSourceId(cell))) continue;
    const input = await cellInput(cell, inputs);
    const { info, coverage } = readEncCell(input.bytes);
    const band = Number(cell[2]);
    if (info.name !== `${cell}.000`) throw new Error(`${cell}: the dataset calls itself ${info.name}`);
    if (info.usageBand !== band)
      throw new Error(`${cell}: usage band ${info.usageBand}, the name says ${band}`);
    if (info.horizontalDatum !== WGS84)
      throw new Error(`${cell}: horizontal datum ${info.horizontalDatum}, not WGS 84`);
    if (coverage.length === 0) throw new Error(`${cell}: no M_COVR area with data`);
    const issued = `${info.issued.slice(0, 4)}-${info.issued.slice(4, 6)}-${info.issued.slice(6, 8)}`;
    const vintage = `edition ${info.edition}, update ${info.update}, issued ${issued}`;
    vintages[encCellSourceId(cell)] = vintage;
    vintages[encCatalogSourceId(cell)] = vintage;
  }
  return { vintages };
}
