// Sanity checks of candidate NADCON5 grids: every pinned grid passes; a grid of another region in
// a grid's place, or a file that is no GeoTIFF, is refused.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nadcon5GridSanity } from "./nadcon5-sanity.ts";
import { NADCON5_GRIDS } from "./sources.ts";

const NADCON = path.join(
  process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared"),
  "data",
  "nadcon",
);

describe("NADCON5 grid sanity", () => {
  it("every pinned grid decodes, covers its region and holds plausible offsets", async () => {
    for (const [file] of NADCON5_GRIDS) await nadcon5GridSanity(path.join(NADCON, file), file);
  });

  it("a Puerto Rico grid in the place of an Alaska grid is refused (coverage)", async () => {
    await expect(
      nadcon5GridSanity(
        path.join(NADCON, "us_noaa_nadcon5_nad83_2007_nad83_2011_prvi.tif"),
        "us_noaa_nadcon5_nad83_2007_nad83_2011_alaska.tif",
      ),
    ).rejects.toThrow(/area of use/);
  });

  it("a text file in the place of a grid is refused", async () => {
    await expect(
      nadcon5GridSanity(
        path.join(NADCON, "us_noaa_README.txt"),
        "us_noaa_nadcon5_nad27_nad83_1986_conus.tif",
      ),
    ).rejects.toThrow();
  });
});
