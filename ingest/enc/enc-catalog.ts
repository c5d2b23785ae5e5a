// The exchange set catalogue (CATALOG.031, an ISO 8211 file of CATD records): the long name
// (chart title) and CRC-32 of a cell file, so a build names each chart and checks its bytes.
import { EncInputError } from "./enc-input-error.ts";
import { Iso8211File } from "./iso8211-reader.ts";

export interface CatalogEntry {
  /** File path inside the exchange set, with `/` separators, e.g. `US5AK5QF/US5AK5QF.000`. */
  file: string;
  /** Long file name: for a cell, its chart title. */
  title: string;
  /** CRC-32 of the file as 8 upper-case hex digits, when given. */
  crc: string | null;
}

export function readCatalog(bytes: Uint8Array): CatalogEntry[] {
  const iso = new Iso8211File(bytes);
  const out: CatalogEntry[] = [];
  for (const fields of iso.records()) {
    for (const f of fields) {
      if (f.tag !== "CATD") continue;
      for (const g of iso.decode(f)) {
        const file = typeof g.FILE === "string" ? g.FILE.trim().replaceAll("\\", "/") : "";
        const crcText = typeof g.CRCS === "string" ? g.CRCS.trim().toUpperCase() : "";
        const crc = crcText === "" ? null : crcText.padStart(8, "0");
        out.push({ file, title: typeof g.LFIL === "string" ? g.LFIL.trim() : "", crc });
      }
    }
  }
  return out;
}

/** The catalogue entry of a cell's base file; throws when the catalogue does not list it. */
export function catalogCell(entries: readonly CatalogEntry[], cell: string): CatalogEntry {
  const e = entries.find((x) => x.file === `${cell}/${cell}.000`);
  if (!e) throw new EncInputError("malformed", `CATALOG.031 does not list ${cell}/${cell}.000`);
  return e;
}
