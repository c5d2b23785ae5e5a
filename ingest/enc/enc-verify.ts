// Checks of a built ENC chart container: the cells expected, every tile decoding, feature counts
// agreeing with the metadata, and known answers from the NOAA cells when they are present.
import type { EncChartsReader } from "../../artifacts/format/enc-charts-reader.ts";
import { colOf, E7, rowOf } from "../../artifacts/format/enc-tile-grid.ts";
import { insideRings } from "../../artifacts/format/ring-containment.ts";

/** A charted fact: at (lon, lat), cell `cell` has a depth area of class `objectClass` with DRVAL1. */
interface KnownDepth {
  cell: string;
  lon: number;
  lat: number;
  objectClass: 1 | 2;
  drval1: number;
}

/** Read off GDAL's output of the same cells (test/fixtures/enc/gdal). */
const KNOWN_DEPTHS: readonly KnownDepth[] = [
  // Homer Harbor: DRGARE "Homer Harbor Channel, Part 2" and "Homer Harbor Entrance Channel"
  { cell: "US5AK5SI", lon: -151.4192, lat: 59.6033, objectClass: 2, drval1: 3.6 },
  { cell: "US5AK5SI", lon: -151.4155, lat: 59.6037, objectClass: 2, drval1: 4.8 },
];

export async function verifyEncCharts(
  reader: EncChartsReader,
  expectedCells: readonly string[],
): Promise<void> {
  const meta = reader.metadata;
  const names = meta.cells.map((c) => c.name).sort();
  if (JSON.stringify(names) !== JSON.stringify([...expectedCells].sort())) {
    throw new Error(
      `ENC charts hold cells ${names.join(", ")}, expected ${[...expectedCells].sort().join(", ")}`,
    );
  }
  const soundings = new Array<number>(meta.cells.length).fill(0);
  const hazards = new Array<number>(meta.cells.length).fill(0);
  for (const { col, row } of reader.tiles()) {
    for (const s of (await reader.tile(col, row)) ?? []) {
      if (s.cell >= meta.cells.length)
        throw new Error(`tile ${col}/${row} names cell ${s.cell} of ${meta.cells.length}`);
      // decode every block: a build that cannot be read back is refused
      s.depthAreas();
      s.quality();
      soundings[s.cell] = (soundings[s.cell] ?? 0) + s.soundings().depths.length;
      // an area is stored in every tile its bounds overlap: count it once, in its centroid's tile
      hazards[s.cell] =
        (hazards[s.cell] ?? 0) +
        s.hazards().filter((h) => colOf(meta.grid, h.lonE7) === col && rowOf(meta.grid, h.latE7) === row)
          .length;
    }
  }
  meta.cells.forEach((c, i) => {
    if (soundings[i] !== c.counts.soundings || hazards[i] !== c.counts.hazards) {
      throw new Error(
        `${c.name}: tiles hold ${soundings[i]} soundings and ${hazards[i]} hazards, metadata says ${c.counts.soundings} and ${c.counts.hazards}`,
      );
    }
  });
  for (const k of KNOWN_DEPTHS) {
    const index = meta.cells.findIndex((c) => c.name === k.cell);
    if (index < 0) continue;
    const x = Math.round(k.lon * E7);
    const y = Math.round(k.lat * E7);
    const section = (await reader.tile(colOf(meta.grid, x), rowOf(meta.grid, y)))?.find(
      (s) => s.cell === index,
    );
    const hit = section?.depthAreas().find((a) => insideRings(a.rings, x, y));
    if (!hit || hit.objectClass !== k.objectClass || hit.drval1 !== k.drval1) {
      throw new Error(
        `known answer: ${k.cell} at ${k.lon},${k.lat} should chart class ${k.objectClass} DRVAL1 ${k.drval1}`,
      );
    }
  }
}
