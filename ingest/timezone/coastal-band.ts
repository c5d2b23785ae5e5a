// The coastal band: ocean cells (no zone) whose centre lies within `maxMetres` of the centre of
// a zone cell take the zone of the nearest such cell. Breadth-first from the coast outward, one
// ring of H3 neighbours at a time; each candidate keeps the nearest seed offered by the previous
// ring (ties: the lower zone index), and only accepted cells grow the next ring.
import { cellToLatLng, gridDisk } from "h3-js";
import { bigIntToCell } from "../../artifacts/format/h3-key.ts";
import {
  COMPACT_IDS,
  cellOfCompact,
  cellOfPrefix,
  compactOf,
  parentLevel,
  prefixOf,
} from "../lib/res6-grid.ts";

const EARTH_RADIUS_METRES = 6_371_008.8;

function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const dLat = (lat2 - lat1) * r;
  const dLon = (lon2 - lon1) * r;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a)));
}

interface Frontier {
  cells: number[];
  seedLat: number[];
  seedLon: number[];
  zone: number[];
}

type Progress = (label: string, done: number, total?: number) => void;

/** Returns the band grid (compact id → zone index + 1) and its cell count. */
export function coastalBand(
  land: Uint16Array,
  maxMetres: number,
  progress: Progress,
): { grid: Uint16Array; cells: number } {
  const coast = new Uint16Array(COMPACT_IDS);
  let frontier = coastFrontier(land, progress);
  let cells = 0;
  for (let ring = 1; frontier.cells.length > 0; ring++) {
    const best = new Map<number, { d: number; zone: number; lat: number; lon: number }>();
    for (let i = 0; i < frontier.cells.length; i++) {
      const lat0 = frontier.seedLat[i]!;
      const lon0 = frontier.seedLon[i]!;
      const zone = frontier.zone[i]!;
      for (const n of gridDisk(cellOfCompact(frontier.cells[i]!), 1)) {
        const c = compactOf(n);
        if (land[c] !== 0 || coast[c] !== 0) continue;
        const [lat, lon] = cellToLatLng(n);
        const d = haversineMetres(lat, lon, lat0, lon0);
        if (d > maxMetres) continue;
        const prev = best.get(c);
        if (!prev || d < prev.d || (d === prev.d && zone < prev.zone))
          best.set(c, { d, zone, lat: lat0, lon: lon0 });
      }
    }
    const next: Frontier = { cells: [], seedLat: [], seedLon: [], zone: [] };
    for (const c of [...best.keys()].sort((a, b) => a - b)) {
      const b = best.get(c)!;
      coast[c] = b.zone + 1;
      next.cells.push(c);
      next.seedLat.push(b.lat);
      next.seedLon.push(b.lon);
      next.zone.push(b.zone);
    }
    cells += next.cells.length;
    progress("timezone: coastal band (rings)", ring);
    frontier = next;
  }
  return { grid: coast, cells };
}

/**
 * Zone cells with at least one neighbour outside every zone, as seeds (their own centre).
 * Resolution-4 blocks whose cells and whose neighbour blocks' cells are all zone cells are skipped:
 * a neighbour of a resolution-6 descendant of a block descends from the block or one next to it.
 */
function coastFrontier(land: Uint16Array, progress: Progress): Frontier {
  const binary = new Uint16Array(land.length);
  for (let c = 0; c < land.length; c++) if (land[c] !== 0) binary[c] = 1;
  const full4 = parentLevel(parentLevel(binary, 5), 4);
  const out: Frontier = { cells: [], seedLat: [], seedLon: [], zone: [] };
  const blocks = full4.length;
  for (let p = 0; p < blocks; p++) {
    if (p % 65536 === 0) progress("timezone: coastline search (res-4 blocks)", p, blocks);
    let any = false;
    for (let c = p * 64; c < p * 64 + 64 && !any; c++) any = land[c] !== 0;
    if (!any) continue;
    if (
      full4[p] === 1 &&
      gridDisk(bigIntToCell(cellOfPrefix(p, 4)), 1).every((n) => full4[prefixOf(n, 4)] === 1)
    )
      continue;
    for (let c = p * 64; c < p * 64 + 64; c++) {
      if (land[c] === 0) continue;
      const hex = cellOfCompact(c);
      if (gridDisk(hex, 1).some((n) => land[compactOf(n)] === 0)) {
        const [lat, lon] = cellToLatLng(hex);
        out.cells.push(c);
        out.seedLat.push(lat);
        out.seedLon.push(lon);
        out.zone.push(land[c]! - 1);
      }
    }
  }
  progress("timezone: coastline search (res-4 blocks)", blocks, blocks);
  return out;
}
