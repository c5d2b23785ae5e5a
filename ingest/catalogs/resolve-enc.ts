// ENC: the cells of usage bands 3–5 whose bounding polygon meets one of the spec's five areas,
// from NOAA's ENC product catalog; each in the first area it meets.

import { ENC_SOURCES } from "../enc/sources.ts";
import { readEncProductCatalog } from "./enc-product-catalog.ts";
import type { PlannedFile, Resolver } from "./plan-types.ts";
import { ENC_AREAS, ENC_BANDS, ENC_SPEC_CELLS } from "./spec-coverage.ts";

const meets = (a: readonly number[], b: readonly number[]): boolean =>
  a[0]! <= b[2]! && b[0]! <= a[2]! && a[1]! <= b[3]! && b[1]! <= a[3]!;

/** The cells the family pins (their `.000` inputs), named as the catalog would name them. */
function pinnedCells(): PlannedFile[] {
  return ENC_SOURCES.filter((s) => s.mirrorPath.endsWith(".000")).map((s) => ({
    name: s.mirrorPath.split("/").at(-2)!,
    url: s.url,
    bytes: null,
    sha256: null,
    mirrorPath: s.mirrorPath,
    detail: { vintage: s.vintage },
  }));
}

export const encResolver: Resolver = {
  family: "enc",
  catalog: {
    url: "https://charts.noaa.gov/ENCs/ENCProdCat_19115.xml",
    mirrorPath: "enc/ENCProdCat_19115.xml",
  },
  rule: `cells of usage bands ${ENC_BANDS.join(", ")} meeting one of ${ENC_AREAS.length} areas: ${ENC_AREAS.map((a) => a.name).join("; ")}`,
  select(text) {
    if (text === null) throw new Error("the ENC resolver needs NOAA's product catalog");
    return readEncProductCatalog(text)
      .filter((c) => ENC_BANDS.includes(c.band))
      .flatMap((c) => {
        const area = ENC_AREAS.find((a) => meets(a.bbox, c.bbox));
        if (!area) return [];
        return [
          {
            name: c.cell,
            url: c.url ?? `https://charts.noaa.gov/ENCs/${c.cell}.zip`,
            bytes: null,
            sha256: null,
            mirrorPath: `enc/${c.cell}_ENC_ROOT/${c.cell}/${c.cell}.000`,
            detail: {
              area: area.name,
              band: c.band,
              title: c.title,
              edition: c.edition,
              issued: c.issued,
              transferMegabytes: c.transferMegabytes,
            },
          },
        ];
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  },
  withoutCatalog: {
    specified: ENC_SPEC_CELLS,
    files: () => pinnedCells().sort((a, b) => (a.name < b.name ? -1 : 1)),
  },
};
