// docs/spec-coverage.svg, drawn from the built artifacts' manifests: which of the files the
// specification's coverage names (ingest/sources.lock.json) this build serves. Alaska-wide: every
// locked USGS 3DEP 2″ block as its 1°×1° square (served or missing), the five ENC areas with the
// served cells' M_COVR outlines and the count the lock cannot name; the families outside this view
// (NADCON5 grids, census files) as lists. The answers' `specCoverage` members carry the same lists.
// `npm run docs` rewrites it; test/docs-generated.test.ts keeps it equal.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ManifestCoverage } from "../../artifacts/format/manifest.ts";
import { ENC_AREAS } from "../../ingest/catalogs/spec-coverage.ts";
import { type EncCharts, encOpener } from "../../service/data/enc-charts.ts";
import { loadFamily } from "../../service/data/families.ts";
import { label, line, ringsPath, svgDocument, wrap } from "./svg.ts";

/** Longitudes east of 180° are drawn west of −180° (the Aleutians continue across the antimeridian). */
const VIEW = { west: -189, east: -126, south: 50, north: 73 };
const SCALE = 22; // pixels per degree of latitude
const K = Math.cos((((VIEW.south + VIEW.north) / 2) * Math.PI) / 180);
const WIDTH = Math.round((VIEW.east - VIEW.west) * SCALE * K);
const HEIGHT = Math.round((VIEW.north - VIEW.south) * SCALE);
const LEGEND = 330;
const SERVED = "#2f855a";
const MISSING = "#c53030";

const west = (lon: number) => (lon > 0 ? lon - 360 : lon);
const x = (lon: number) => ((west(lon) - VIEW.west) * SCALE * K).toFixed(1);
const y = (lat: number) => ((VIEW.north - lat) * SCALE).toFixed(1);

/** A 3DEP block name (`n52w151`: north edge 52°, west edge 151°W) as [west, south, east, north]. */
export function blockBounds(name: string): [number, number, number, number] {
  const m = /^([ns])(\d{2})([ew])(\d{3})$/.exec(name);
  if (!m) throw new Error(`not a 3DEP block name: ${name}`);
  const north = (m[1] === "n" ? 1 : -1) * Number(m[2]);
  const w = (m[3] === "e" ? 1 : -1) * Number(m[4]);
  return [w, north - 1, w + 1, north];
}

function coverageOf(artifactsDir: string, family: string): ManifestCoverage | undefined {
  const manifest = JSON.parse(
    readFileSync(path.join(artifactsDir, family, "current", "manifest.json"), "utf8"),
  );
  return manifest.coverage;
}

const rect = ([w, s, e, n]: number[], style: string, title: string) =>
  `<rect x="${x(w as number)}" y="${y(n as number)}" width="${((e as number) - (w as number)) * SCALE * K}" height="${((n as number) - (s as number)) * SCALE}" ${style}><title>${title}</title></rect>`;

export async function renderSpecCoverageMap(artifactsDir: string): Promise<string> {
  const dem = coverageOf(artifactsDir, "dem");
  const enc = coverageOf(artifactsDir, "enc");
  const charts = (await loadFamily(artifactsDir, encOpener)).value as EncCharts;
  const parts: string[] = [];
  for (let lon = -180; lon <= VIEW.east; lon += 10)
    parts.push(
      line(x(lon), "0", x(lon), String(HEIGHT)),
      label(`${lon < -180 ? 360 + lon : -lon}°${lon < -180 ? "E" : "W"}`, Number(x(lon)) + 2, HEIGHT - 3, 9),
    );
  for (let lat = 55; lat <= VIEW.north; lat += 5)
    parts.push(line("0", y(lat), String(WIDTH), y(lat)), label(`${lat}°N`, 2, Number(y(lat)) - 2, 9));
  const served = new Set(dem?.served ?? []);
  for (const name of [...(dem?.served ?? []), ...(dem?.missing ?? [])]) {
    const style = served.has(name)
      ? `fill="${SERVED}" fill-opacity="0.5" stroke="${SERVED}" stroke-width="0.4"`
      : `fill="${MISSING}" fill-opacity="0.12" stroke="${MISSING}" stroke-width="0.4"`;
    parts.push(rect(blockBounds(name), style, `3DEP ${name}: ${served.has(name) ? "served" : "missing"}`));
  }
  for (const area of ENC_AREAS)
    parts.push(
      rect(
        area.bbox,
        `fill="none" stroke="#2b6cb0" stroke-width="1.2" stroke-dasharray="3 2"`,
        `ENC area: ${area.name}`,
      ),
    );
  for (const cell of charts.cells)
    for (const polygon of cell.coverage) {
      const d = ringsPath(polygon, x, y);
      parts.push(
        `<path d="${d}" fill="#2b6cb0" fill-opacity="0.6"><title>ENC ${cell.name}: served</title></path>`,
      );
    }
  const legend = [
    `<rect x="0" y="0" width="14" height="14" fill="${SERVED}" fill-opacity="0.5"/>`,
    label(`3DEP 2″ block served (${dem?.served.length ?? 0} of ${dem?.specified ?? "?"})`, 20, 12, 12),
    `<rect x="0" y="22" width="14" height="14" fill="${MISSING}" fill-opacity="0.12" stroke="${MISSING}"/>`,
    label(`3DEP 2″ block missing (${dem?.missing.length ?? 0})`, 20, 34, 12),
    `<rect x="0" y="44" width="14" height="14" fill="none" stroke="#2b6cb0" stroke-dasharray="3 2"/>`,
    label("ENC area of the specification", 20, 56, 12),
    `<rect x="0" y="66" width="14" height="14" fill="#2b6cb0" fill-opacity="0.6"/>`,
    label(`ENC cell served (${enc?.served.length ?? 0} of ${enc?.specified ?? "?"})`, 20, 78, 12),
  ];
  const lists = [
    ...listed(dem, "3DEP 2″ blocks", false),
    ...(dem && dem.otherInputs.length > 0
      ? [...wrap(`Inputs the lock does not name (docs/coverage.svg): ${dem.otherInputs.join(", ")}.`, 52), ""]
      : []),
    ...listed(enc, "ENC cells"),
    ...listed(coverageOf(artifactsDir, "datum-grids"), "NADCON5 grids"),
    ...listed(coverageOf(artifactsDir, "census"), "Census 2025 files"),
  ];
  legend.push(...lists.map((text, i) => label(text, 0, 112 + i * 15, 11)));
  const height = Math.max(HEIGHT, 130 + lists.length * 15);
  return svgDocument({
    title:
      "geo402: the specification's coverage, served and missing (generated from artifacts/ by npm run docs)",
    mapWidth: WIDTH,
    mapHeight: HEIGHT,
    width: WIDTH + LEGEND,
    height: height,
    parts,
    legend,
  });
}

/** A family's served/missing/unnamed counts and (`names`) its missing files, as legend lines and a blank one. */
function listed(spec: ManifestCoverage | undefined, what: string, names = true): string[] {
  const text = spec
    ? [
        `${what}: ${spec.served.length} of ${spec.specified} served.`,
        ...(spec.unnamed > 0
          ? [`${spec.unnamed} not named: the publisher's index was not read when the lock was written.`]
          : []),
        ...(names && spec.missing.length > 0 ? [`Missing: ${spec.missing.join(", ")}.`] : []),
      ]
    : [`${what}: no lock entry.`];
  return [...text.flatMap((t) => wrap(t, 52)), ""];
}
