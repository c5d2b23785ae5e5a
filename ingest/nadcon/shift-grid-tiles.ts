// Cuts a decoded shift grid into square tiles of T × T nodes (edge tiles padded with NaN), the
// unit in which the datum-grids artifact stores and the service reads grids.
import type { ShiftGridHeader, Tile } from "../../artifacts/format/shift-grid.ts";
import type { DecodedShiftGrid } from "./nadcon5-geotiff.ts";

export const DEFAULT_TILE_SIZE = 64;

export function cutTiles(
  name: string,
  g: DecodedShiftGrid,
  tileSize = DEFAULT_TILE_SIZE,
): { header: ShiftGridHeader; tiles: Tile[] } {
  const header: ShiftGridHeader = {
    name,
    west: g.west,
    south: g.south,
    resX: g.resX,
    resY: g.resY,
    width: g.width,
    height: g.height,
    tileSize,
  };
  const across = Math.ceil(g.width / tileSize);
  const up = Math.ceil(g.height / tileSize);
  const tiles: Tile[] = [];
  for (let ty = 0; ty < up; ty++) {
    for (let tx = 0; tx < across; tx++) {
      const t = new Float32Array(tileSize * tileSize * 2).fill(Number.NaN);
      for (let r = 0; r < tileSize; r++) {
        const j = ty * tileSize + r;
        if (j >= g.height) break;
        for (let c = 0; c < tileSize; c++) {
          const i = tx * tileSize + c;
          if (i >= g.width) break;
          const src = (j * g.width + i) * 2;
          const dst = (r * tileSize + c) * 2;
          t[dst] = g.nodes[src] as number;
          t[dst + 1] = g.nodes[src + 1] as number;
        }
      }
      tiles.push(t);
    }
  }
  return { header, tiles };
}
