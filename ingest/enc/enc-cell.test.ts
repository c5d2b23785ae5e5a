// Our S-57 reader against GDAL's reading of the same 11 NOAA cells (fixtures made by
// test/fixtures/enc/make-gdal-fixtures.ts): dataset fields, coverage, every sounding position and
// depth, every depth area, quality area and hazard with its attributes and geometry.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gdalFixture, gdalFixtureCells } from "../../test/fixtures/enc/gdal-fixture.ts";
import { polygonDigest } from "../../test/fixtures/enc/ring-digest.ts";
import { type EncCell, readEncCell } from "./enc-cell.ts";
import { OBJECT_CLASS } from "./s57-catalogue.ts";
import type { AreaGeometry } from "./s57-geometry.ts";

const repo = path.resolve(import.meta.dirname, "../..");
const encDir = path.join(process.env.GEO402_SHARED ?? path.resolve(repo, "../shared"), "data/enc");

const rings = (a: AreaGeometry) => [a.exterior, ...a.holes];
/** GDAL lists features layer by layer; we read them in file order. Compare in LNAM order. */
const byLnam = <T extends { LNAM: string }>(xs: T[]): T[] =>
  [...xs].sort((a, b) => a.LNAM.localeCompare(b.LNAM));
const cells = gdalFixtureCells();

describe("S-57 reader agrees with GDAL on every NOAA cell", () => {
  it("has a GDAL fixture for each of the 11 cells", () => {
    expect(cells).toHaveLength(11);
  });

  describe.each(cells)("%s", (name) => {
    const fx = gdalFixture(name);
    const cell: EncCell = readEncCell(
      readFileSync(path.join(encDir, `${name}_ENC_ROOT`, name, `${name}.000`)),
    );

    it("reads name, band, scale, edition, update, dates and datums as GDAL does", () => {
      const i = cell.info;
      expect([i.name, i.usageBand, i.edition, i.update, i.updateApplied, i.issued, i.s57Edition]).toEqual([
        fx.dsid.DSID_DSNM,
        fx.dsid.DSID_INTU,
        Number(fx.dsid.DSID_EDTN),
        Number(fx.dsid.DSID_UPDN),
        fx.dsid.DSID_UADT,
        fx.dsid.DSID_ISDT,
        fx.dsid.DSID_STED,
      ]);
      expect([
        i.compilationScale,
        i.horizontalDatum,
        i.verticalDatum,
        i.soundingDatum,
        i.comf,
        i.somf,
      ]).toEqual([
        fx.dspm.DSPM_CSCL,
        fx.dspm.DSPM_HDAT,
        fx.dspm.DSPM_VDAT,
        fx.dspm.DSPM_SDAT,
        fx.dspm.DSPM_COMF,
        fx.dspm.DSPM_SOMF,
      ]);
    });

    it("assembles the M_COVR coverage rings vertex for vertex", () => {
      expect(cell.coverage.map((a) => polygonDigest(rings(a)))).toEqual(
        fx.coverage.map((r) => polygonDigest(r)),
      );
    });

    it("decodes every sounding position and depth exactly (SG3D with COMF/SOMF)", () => {
      expect(cell.soundings).toEqual(fx.soundings);
    });

    it("reads every depth area with DRVAL1/DRVAL2 and the same rings", () => {
      expect(
        byLnam(
          cell.depthAreas.map((a) => ({
            LNAM: a.lnam,
            OBJL: OBJECT_CLASS[a.objectClass],
            DRVAL1: a.drval1,
            DRVAL2: a.drval2,
            polygon: polygonDigest(rings(a.geometry)),
          })),
        ),
      ).toEqual(byLnam(fx.depthAreas));
    });

    it("reads every M_QUAL area with CATZOC, accuracies and survey dates", () => {
      expect(
        cell.quality.map((q) => ({
          LNAM: q.lnam,
          CATZOC: q.catzoc,
          POSACC: q.posacc,
          SOUACC: q.souacc,
          SURSTA: q.surveyStart,
          SUREND: q.surveyEnd,
          polygon: polygonDigest(rings(q.geometry)),
        })),
      ).toEqual(fx.quality);
    });

    it("reads every rock, obstruction and wreck with depth, water level, category and name", () => {
      expect(
        byLnam(
          cell.hazards.map((h) => ({
            LNAM: h.lnam,
            OBJL: OBJECT_CLASS[h.objectClass],
            VALSOU: h.valsou,
            WATLEV: h.watlev,
            CATOBS: h.objectClass === "OBSTRN" ? h.category : null,
            CATWRK: h.objectClass === "WRECKS" ? h.category : null,
            EXPSOU: h.expsou,
            OBJNAM: h.objnam,
            ...(h.geometry.type === "point"
              ? { point: h.geometry.position }
              : { polygon: polygonDigest(rings(h.geometry.area)) }),
          })),
        ),
      ).toEqual(byLnam(fx.hazards.map(({ centroid: _, ...h }) => h)));
    });
  });
});
