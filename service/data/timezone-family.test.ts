// The service's opener of the timezone family on a copy of the built version: it answers from the
// 1° grid's COG, and a damaged tiles.tif (TIFF has no checksum of its own) is refused by the
// manifest's SHA-256 before the opener reads it.
import { cp, mkdtemp, open, rm, stat, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TIMEZONE_FILES, type TimezoneLookup } from "../../artifacts/format/timezone-lookup.ts";
import { builtFamily } from "../../test/support/built-artifacts.ts";
import { loadFamily } from "./families.ts";
import { timezoneOpener } from "./timezone-family.ts";

describe("timezone opener", () => {
  let root: string;
  let versionDir: string;
  beforeEach(async () => {
    const built = await builtFamily("timezone");
    root = await mkdtemp(path.join(tmpdir(), "geo402-tz-family-"));
    versionDir = path.join(root, "timezone", built.version);
    await cp(built.dir, versionDir, { recursive: true });
    await symlink(built.version, path.join(root, "timezone", "current"));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("opens the checked version and answers a square the grid holds alone", async () => {
    const loaded = await loadFamily(root, timezoneOpener);
    try {
      expect((loaded.value as TimezoneLookup).lookup(27.5, 14.5)).toEqual({
        timeZone: "Africa/Tripoli",
        source: "boundary",
      });
    } finally {
      await loaded.close?.();
    }
  });

  it("refuses a version whose tiles.tif has one flipped byte (output_corrupt)", async () => {
    const file = path.join(versionDir, TIMEZONE_FILES.tiles);
    const at = Math.floor((await stat(file)).size / 2);
    const handle = await open(file, "r+");
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, at);
    await handle.write(Buffer.from([byte[0]! ^ 0xff]), 0, 1, at);
    await handle.close();
    await expect(loadFamily(root, timezoneOpener)).rejects.toMatchObject({ code: "output_corrupt" });
  });
});
