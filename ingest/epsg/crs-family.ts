// The `crs` family: proj.db → crs.json (the service's code sets, projection parameters as PROJ
// instantiates them, NADCON5 and Helmert operations). Code-set rules: code-set-rules.ts.

import path from "node:path";
import { FAMILY_SPECS } from "../../artifacts/families.ts";
import { CRS_FILE, readCrsRegistry, writeCrsRegistry } from "../../artifacts/format/crs-registry-file.ts";
import type { FamilyBuilder } from "../lib/family.ts";
import { extractCrsRegistry } from "./crs-registry-extract.ts";
import { openProjDb } from "./proj-db.ts";
import { crsSanity } from "./proj-db-sanity.ts";

/** Counts the rules give on EPSG v11.022 (docs/transform.md: why they differ from the spec's 1236 / 1380). */
export const EXPECTED_COUNTS = { A: 1697, B: 1848 };

export const crsFamily: FamilyBuilder = {
  ...FAMILY_SPECS.crs,
  sources: ["epsg-proj-db"],
  parameters: {
    codeSets:
      "revision A: WGS 84, NAD83 realizations, Web Mercator, WGS 84/NAD83 UTM, SPCS83, NAD83 LDPs; B adds ITRF2020, NAD27, NAD27 UTM and SPCS27",
  },
  description:
    "EPSG code sets of POST /v1/transform with PROJ-form projection parameters and datum operations",
  async build(ctx) {
    const db = await openProjDb(ctx.inputs["epsg-proj-db"] as string);
    try {
      const data = extractCrsRegistry(db);
      ctx.log(
        `${data.crs.length} CRS records, ${data.gridOperations.length} NADCON5 and ${data.helmertOperations.length} Helmert operations`,
      );
      writeCrsRegistry(path.join(ctx.outDir, CRS_FILE), data);
    } finally {
      db.close();
    }
  },
  sanity: crsSanity,
  async verify(dir) {
    const data = readCrsRegistry(path.join(dir, CRS_FILE));
    const a = data.crs.filter((r) => r.revision === "A").length;
    if (a !== EXPECTED_COUNTS.A || data.crs.length !== EXPECTED_COUNTS.B) {
      throw new Error(
        `known answer: ${a} / ${data.crs.length} codes, expected ${EXPECTED_COUNTS.A} / ${EXPECTED_COUNTS.B}`,
      );
    }
    const byCode = new Map(data.crs.map((r) => [r.code, r]));
    // PROJ's own pipeline for EPSG:2222 (NAD83 / Arizona East (ft)): lon_0=-110.166666666667 x_0=213360.
    const az = byCode.get(2222)?.projection?.params;
    if (az?.lon0 !== -110.166666666667 || az.x0 !== 213360 || byCode.get(2222)?.unit !== "ft") {
      throw new Error("known answer: EPSG:2222 parameters differ from PROJ's");
    }
    // EPSG:26931 (NAD83 / Alaska zone 1): Hotine variant A, alpha 323°07'29.4…" decoded as PROJ does.
    const ak = byCode.get(26931)?.projection;
    if (ak?.method !== "hotine_oblique_mercator_a" || ak.params.alpha !== 323.130102361111) {
      throw new Error("known answer: EPSG:26931 is not PROJ's Hotine A with alpha 323.130102361111");
    }
    const h = data.helmertOperations.find((o) => o.code === 10334);
    if (h?.tx !== 1.0039 || h.drz !== -0.00005133 || h.target !== 6318)
      throw new Error("known answer: EPSG:10334 parameters");
    if (
      !data.gridOperations.some(
        (g) => g.code === 8549 && g.grid === "us_noaa_nadcon5_nad27_nad83_1986_alaska.tif",
      )
    ) {
      throw new Error("known answer: EPSG:8549 NADCON5 Alaska grid missing");
    }
  },
};
