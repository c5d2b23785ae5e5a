// What the scale run generates: at full scale the 3DEP blocks it writes cover Alaska's outline (the
// lock's 521 blocks, every vertex of the Census boundary in a block's 1° cell but King Island's,
// which USGS's 2″ list lacks); a fraction is the blocks nearest the real tile; 65 ENC cells over the
// five areas, each derived name 8 characters and unique.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readLock } from "../../ingest/catalogs/lock-file.ts";
import { ENC_AREAS } from "../../ingest/catalogs/spec-coverage.ts";
import { alaskaRings } from "../../ingest/dem/alaska-boundary.ts";
import { ENC_CELLS } from "../../ingest/enc/sources.ts";
import { scaleBlocks, scaleCells } from "./scale-plan.ts";

const shared = path.join(
  process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared"),
  "data",
);
const demFiles = (await readLock())?.families.dem?.files ?? [];

describe("the generated 3DEP block grid", () => {
  it("covers every vertex of Alaska's outline at full scale, but King Island's cell", () => {
    const blocks = scaleBlocks(demFiles, 1);
    expect(blocks).toHaveLength(521);
    const cells = new Set(blocks.map((b) => `${b.west},${b.north}`));
    const rings = alaskaRings(
      readFileSync(
        path.join(shared, "census/state-500k-2024/state_500k_2024_USAboundariesData.DERIVED.geojson"),
        "utf8",
      ),
    );
    const uncovered = new Set<string>();
    for (const ring of rings)
      for (const [lon, lat] of ring) {
        const key = `${Math.floor(lon as number)},${Math.floor(lat as number) + 1}`;
        if (!cells.has(key)) uncovered.add(key);
      }
    expect([...uncovered]).toEqual(["-169,65"]);
  });

  it("at a fraction, holds the blocks nearest the real tile (n60w151)", () => {
    const blocks = scaleBlocks(demFiles, 0.05);
    expect(blocks).toHaveLength(26);
    expect(blocks.map((b) => b.name)).toContain("n60w151");
    for (const b of blocks) expect(Math.abs(b.west + 151) + Math.abs(b.north - 60)).toBeLessThan(8);
  });
});

describe("the derived ENC cells", () => {
  it("with the real ones, make the spec's 65 over its five areas, under unique 8-character names", () => {
    const cells = scaleCells(1);
    expect(ENC_CELLS.length + cells.length).toBe(65);
    const names = new Set([...ENC_CELLS, ...cells.map((c) => c.name)]);
    expect(names.size).toBe(65);
    for (const c of cells) expect(c.name).toMatch(/^US[345]SYN[0-9A-Z]{2}$/);
    expect(new Set(cells.map((c) => c.area))).toEqual(new Set(ENC_AREAS.slice(1).map((a) => a.name)));
  });
});
