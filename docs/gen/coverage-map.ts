// docs/coverage.svg, drawn from the built artifacts: where the elevation routes answer (the DEM's
// own coverage test, sampled every 0.01°) and where the marine routes answer (each ENC cell's
// M_COVR polygons), on a plain longitude/latitude grid of south-central Alaska. The other families
// cover whole regions (listed in the legend). `npm run docs` rewrites it; a test keeps it equal.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type DemDataset, demOpener } from "../../service/data/dem-dataset.ts";
import { type EncCharts, encOpener } from "../../service/data/enc-charts.ts";
import { loadFamily } from "../../service/data/families.ts";
import { label, line, ringsPath, svgDocument, wrap } from "./svg.ts";

const VIEW = { west: -154.6, east: -148.6, south: 58.7, north: 64.1 };
const SCALE = 110; // pixels per degree of latitude
const STEP = 0.01; // degrees between DEM coverage samples
const K = Math.cos((((VIEW.south + VIEW.north) / 2) * Math.PI) / 180);
const WIDTH = Math.round((VIEW.east - VIEW.west) * SCALE * K);
const HEIGHT = Math.round((VIEW.north - VIEW.south) * SCALE);
const LEGEND = 250;

const x = (lon: number) => ((lon - VIEW.west) * SCALE * K).toFixed(1);
const y = (lat: number) => ((VIEW.north - lat) * SCALE).toFixed(1);

/** Positions the README's examples use, drawn as labelled dots. */
export const MAP_POSITIONS = [
  { label: "Homer Harbor (marine)", lat: 59.6033, lon: -151.4192 },
  { label: "Kenai Mountains (elevation)", lat: 59.75, lon: -150.5 },
  { label: "both: 59.18, -150.95", lat: 59.18, lon: -150.95 },
  { label: "Healy (elevation crop)", lat: 63.88, lon: -149.25 },
];

export async function renderCoverageMap(artifactsDir: string): Promise<string> {
  const dem = (await loadFamily(artifactsDir, demOpener)).value as DemDataset;
  const enc = (await loadFamily(artifactsDir, encOpener)).value as EncCharts;
  const parts: string[] = [];
  for (let lon = Math.ceil(VIEW.west); lon <= VIEW.east; lon++)
    parts.push(line(x(lon), "0", x(lon), String(HEIGHT)), label(`${-lon}°W`, Number(x(lon)) + 3, HEIGHT - 4));
  for (let lat = Math.ceil(VIEW.south); lat <= VIEW.north; lat++)
    parts.push(line("0", y(lat), String(WIDTH), y(lat)), label(`${lat}°N`, 3, Number(y(lat)) - 3));
  for (const cell of [...enc.cells].reverse()) {
    for (const polygon of cell.coverage) {
      const d = ringsPath(polygon, x, y);
      parts.push(
        `<path d="${d}" fill="#2b6cb0" fill-opacity="0.25" stroke="#2b6cb0" stroke-width="0.6"><title>${cell.name} ${cell.title}</title></path>`,
      );
    }
  }
  for (const layer of dem.metadata.layers) {
    const [w, s, e, n] = layer.bbox;
    for (let lat = Math.floor(n / STEP) * STEP; lat >= s; lat -= STEP) {
      const lons: number[] = [];
      for (let lon = Math.ceil(w / STEP) * STEP; lon <= e + STEP; lon += STEP) lons.push(lon);
      const tilesOf = lons.map((lon) => {
        const tiles = new Set<string>();
        if (lon <= e) dem.collectTiles(lon, lat, "nearest", tiles);
        return tiles;
      });
      const covered: boolean[] = [];
      await dem.visit(tilesOf, (view, i) => {
        const lon = lons[i] as number;
        covered[i] = lon <= e && view.locate(lon, lat) !== null;
      });
      let runStart: number | null = null;
      for (const [i, lon] of lons.entries()) {
        const inside = covered[i] as boolean;
        if (inside && runStart === null) runStart = lon;
        if (!inside && runStart !== null) {
          parts.push(
            `<rect x="${x(runStart - STEP / 2)}" y="${y(lat + STEP / 2)}" width="${((lon - runStart) * SCALE * K).toFixed(1)}" height="${(STEP * SCALE).toFixed(1)}" fill="#c05621" fill-opacity="0.45"/>`,
          );
          runStart = null;
        }
      }
    }
  }
  for (const p of MAP_POSITIONS) {
    parts.push(
      `<circle cx="${x(p.lon)}" cy="${y(p.lat)}" r="3" fill="#1a202c"/>`,
      label(p.label, Number(x(p.lon)) + 5, Number(y(p.lat)) - 4, 11),
    );
  }
  const legend = [
    `<rect x="0" y="0" width="14" height="14" fill="#c05621" fill-opacity="0.45"/>`,
    label("elevation, elevation/profile (dem)", 20, 12, 12),
    `<rect x="0" y="24" width="14" height="14" fill="#2b6cb0" fill-opacity="0.25" stroke="#2b6cb0"/>`,
    label("marine/depth, marine/hazards (enc)", 20, 36, 12),
    label("Beyond this map, by family:", 0, 70, 12),
    ...otherFamilies(artifactsDir).map((text, i) => label(text, 0, 90 + i * 15, 11)),
  ];
  return svgDocument({
    title: "geo402 data coverage (generated from artifacts/ by npm run docs)",
    mapWidth: WIDTH,
    mapHeight: HEIGHT,
    width: WIDTH + LEGEND,
    height: HEIGHT,
    parts,
    legend,
  });
}

/** The families that cover whole regions, in words read from their artifacts. */
function otherFamilies(artifactsDir: string): string[] {
  const read = (family: string, file: string) =>
    JSON.parse(readFileSync(path.join(artifactsDir, family, "current", file), "utf8"));
  const census = read("census", "census.json") as { coverage: { areas: string[] } };
  const grids = read("datum-grids", "manifest.json") as { inputs: { url: string }[] };
  const regions = [...new Set(grids.inputs.map((i) => /_([a-z]+)\.tif$/.exec(i.url)?.[1] ?? "?"))];
  return [
    "timezone: the whole world",
    "us/geographies (census):",
    ...wrap(census.coverage.areas.join(", "), 34).map((l) => `  ${l}`),
    "transform (crs): EPSG codes worldwide;",
    "  NADCON5 datum shifts (datum-grids):",
    ...wrap(regions.join(", "), 34).map((l) => `  ${l}`),
    "geojson, geometry, h3, pip: no data",
    "  needed, anywhere",
  ];
}

export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, "../../artifacts");
