// Sanity checks of a candidate proj.db: the pinned one passes and names its edition; a file that
// is not a proj.db is refused.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { crsSanity, projDbSanity } from "./proj-db-sanity.ts";

const EPSG = path.join(
  process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared"),
  "data",
  "epsg",
);

describe("proj.db sanity", () => {
  it("the pinned proj.db passes and its metadata gives the vintage sources.ts pins", async () => {
    expect(await crsSanity({ "epsg-proj-db": path.join(EPSG, "proj.db") })).toEqual({
      vintages: { "epsg-proj-db": "EPSG v11.022 (2024-11-05), PROJ 9.5.1 proj.db" },
    });
  });

  it("a complete file that is not SQLite is refused", async () => {
    await expect(projDbSanity(path.join(EPSG, "epsg-index-license.md"))).rejects.toThrow(
      /not a readable proj\.db/,
    );
  });
});
