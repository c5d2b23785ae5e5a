// The service's opener of the timezone family on a copy of the built version: it answers from the
// 1° grid's COG, and a damaged tiles.tif (TIFF has no checksum of its own) is refused by the
// manifest's SHA-256 before the opener reads it.
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TIMEZONE_FILES, type TimezoneLookup } from "../../artifacts/format/timezone-lookup.ts";
import { copyBuiltFamily, flipByte } from "../../test/support/built-artifacts.ts";
import { loadFamily } from "./families.ts";
import { timezoneOpener } from "./timezone-family.ts";

describe("timezone opener", () => {
  let root: string;
  let versionDir: string;
  beforeEach(async () => {
    ({ root, dir: versionDir } = await copyBuiltFamily("timezone"));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("opens the checked version and answers a square the grid holds alone", async () => {
    const loaded = await loadFamily(root, timezoneOpener);
    try {
      expect(await (loaded.value as TimezoneLookup).lookup(27.5, 14.5)).toEqual({
        timeZone: "Africa/Tripoli",
        source: "boundary",
      });
    } finally {
      await loaded.close?.();
    }
  });

  it("refuses a version whose tiles.tif has one flipped byte (output_corrupt)", async () => {
    const file = path.join(versionDir, TIMEZONE_FILES.tiles);
    await flipByte(file, Math.floor((await stat(file)).size / 2));
    await expect(loadFamily(root, timezoneOpener)).rejects.toMatchObject({ code: "output_corrupt" });
  });
});
