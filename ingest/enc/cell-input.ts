// The checked input of one ENC cell: its `.000` bytes, whose CRC-32 must equal the one its
// exchange set's CATALOG.031 lists, the chart title the catalogue gives it, and its update files
// `.001`, `.002`, … when pinned as sources (`encUpdateSourceId`; the pinned sets carry none).
import { readFile } from "node:fs/promises";
import { crc32 } from "node:zlib";
import { catalogCell, readCatalog } from "./enc-catalog.ts";
import { EncInputError } from "./enc-input-error.ts";
import type { EncCellInput } from "./enc-tiles-build.ts";
import { encCatalogSourceId, encCellSourceId, encCellUrl, encUpdateSourceId } from "./sources.ts";

/** A cell's `.000` bytes after its CRC matched the one its CATALOG.031 lists, with its chart title. */
export async function cellInput(cell: string, inputs: Record<string, string>): Promise<EncCellInput> {
  const cellPath = inputs[encCellSourceId(cell)];
  const catalogPath = inputs[encCatalogSourceId(cell)];
  if (!cellPath || !catalogPath) throw new EncInputError("malformed", `inputs of ${cell} were not resolved`);
  const bytes = new Uint8Array(await readFile(cellPath));
  const entry = catalogCell(readCatalog(new Uint8Array(await readFile(catalogPath))), cell);
  const crc = crc32(bytes).toString(16).toUpperCase().padStart(8, "0");
  if (entry.crc !== null && entry.crc !== crc) {
    throw new EncInputError("malformed", `${cell}.000 has CRC ${crc} but its CATALOG.031 says ${entry.crc}`);
  }
  const updates: Uint8Array[] = [];
  for (let n = 1; inputs[encUpdateSourceId(cell, n)]; n++)
    updates.push(new Uint8Array(await readFile(inputs[encUpdateSourceId(cell, n)] as string)));
  return { name: cell, title: entry.title, url: encCellUrl(cell), bytes, updates };
}
