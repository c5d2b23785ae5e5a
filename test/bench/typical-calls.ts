// Typical calls against the engine underneath, in one process (issue 32 item 6): each row runs
// geo402's kernel and its peer on the same input in paired rounds, interleaved (the order flips
// each round), and reports CPU time per call (process.cpuUsage) and the median of the per-round
// ratios, so load from other processes hits both sides alike.
//   buffer: the route's kernel vs GEOS's own buffer (GEOSBuffer, same quadrant segments, in the
//   same local plane and mapped back) and turf.buffer, from 100 positions to the worst legal case;
//   area: the default answer (GeoJSON read + lon/lat edge model) vs turf.area, 100 and 100k positions;
//   polyfill: the route's work (read, self-crossing check, plan, bounds, cells) vs h3-js
//   polygonToCellsExperimental on the same ring, small to large jobs;
//   transform: 10,000 positions through the 4-grid NADCON5 chain vs proj4js projecting them (it
//   has no NADCON5 grids).
import path from "node:path";
import * as turf from "@turf/turf";
import { POLYGON_TO_CELLS_FLAGS, polygonToCellsExperimental } from "h3-js";
import proj4 from "proj4";
import { area } from "../../service/geo/geometry/area.ts";
import { buffer } from "../../service/geo/geometry/buffer.ts";
import { polygonArea } from "../../service/geo/geometry/ellipsoidal-area.ts";
import { readGeoJson } from "../../service/geo/geometry/geojson-input.ts";
import { polyfill } from "../../service/geo/h3/polyfill.ts";
import { readPolyfillFeatures } from "../../service/geo/h3/polyfill-input.ts";
import { coarselyWithin, featureEstimate, planFeatures } from "../../service/geo/h3/polyfill-plan.ts";
import { runTransform } from "../../service/geo/transform/transform.ts";
import { geosBuffer, sawtooth, stateOutline } from "./_geometry-worst.ts";
import { alaskaPositions, ring, transformDeps } from "./_inputs.ts";
import { ms, paired, ROUNDS } from "./_paired.ts";

/** BENCH_SECTIONS=buffer,area,polyfill,transform runs only those tables. */
const SECTIONS = process.env.BENCH_SECTIONS?.split(",");
const wanted = (name: string): boolean => !SECTIONS || SECTIONS.includes(name);
const SHARED = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared");

if (wanted("buffer")) {
  console.log("### Buffer vs GEOS GEOSBuffer and turf.buffer (CPU ms per call, paired rounds)\n");
  console.log("| input | geo402 | GEOS | ratio to GEOS (goal) | turf | ratio to turf |");
  console.log("|---|---|---|---|---|---|");
  {
    const state = stateOutline(SHARED);
    const polygon = { type: "Polygon", coordinates: [ring(100, -100, 40, 0.05, 100)] };
    const outline = { type: "Polygon", coordinates: state.rings };
    const saw = { type: "LineString", coordinates: sawtooth(2000, -100, 40).slice(0, 1999) };
    const rows: [string, { type: string; coordinates: unknown }, number, number, string, boolean][] = [
      ["100-position polygon, 1 km", polygon, 1000, 24, "≤ 3", true],
      [`${state.name} outline (${state.n} positions), 10 km`, outline, 10_000, 24, "≤ 3", false],
      [`${state.name} outline, −10 km`, outline, -10_000, 24, "≤ 3", false],
      ["worst legal case: 1,999-position sawtooth line, 1 km, steps 128", saw, 1000, 128, "≤ 1", false],
    ];
    for (const [name, g, distance, steps, goal, withTurf] of rows) {
      const ours = () => buffer({ geojson: g, distance, steps });
      const slow = Math.abs(distance) > 1000 || steps > 24;
      const vsGeos = await paired(
        ours,
        () => geosBuffer(g, distance, steps),
        slow ? Math.min(ROUNDS, 5) : ROUNDS,
      );
      const vsTurf = withTurf
        ? await paired(ours, () =>
            turf.buffer(g as Parameters<typeof turf.buffer>[0], distance / 1000, {
              units: "kilometers",
              steps,
            }),
          )
        : null;
      console.log(
        `| ${name} | ${ms(vsGeos.ours)} | ${ms(vsGeos.peer)} | ${vsGeos.ratio.toFixed(2)} (${goal}) | ${vsTurf ? ms(vsTurf.peer) : "–"} | ${vsTurf ? vsTurf.ratio.toFixed(2) : "–"} |`,
      );
    }
  }
}

if (wanted("area")) {
  console.log("\n### Area, default answer vs turf.area (CPU ms per call, paired rounds)\n");
  console.log("| input | geo402 | turf.area | ratio (goal ≤ 10) |");
  console.log("|---|---|---|---|");
  for (const n of [100, 100_000]) {
    const geojson = { type: "Polygon", coordinates: [ring(n, -100, 40, 0.5, n)] };
    const feature = turf.polygon(geojson.coordinates);
    const r = await paired(
      () => area({ geojson }),
      () => turf.area(feature),
    );
    console.log(
      `| polygon of ${n.toLocaleString("en")} positions | ${ms(r.ours)} | ${ms(r.peer)} | ${r.ratio.toFixed(1)} |`,
    );
    // where the answer's time goes: reading the GeoJSON (shared by every geometry route) vs the kernel
    const read = await paired(
      () => readGeoJson(geojson, { field: "geojson" }),
      () => turf.area(feature),
    );
    const kernel = await paired(
      () => polygonArea(geojson.coordinates as [number, number][][]),
      () => turf.area(feature),
    );
    console.log(
      `| … its GeoJSON read alone | ${ms(read.ours)} | ${ms(read.peer)} | ${read.ratio.toFixed(1)} |`,
    );
    console.log(
      `| … its lon/lat kernel alone | ${ms(kernel.ours)} | ${ms(kernel.peer)} | ${kernel.ratio.toFixed(1)} |`,
    );
  }
}

if (wanted("polyfill")) {
  console.log(
    "\n### Polyfill (center) vs h3-js polygonToCellsExperimental (CPU ms per call, paired rounds)\n",
  );
  console.log("| ring | resolution | cells | geo402 | h3-js | ratio (goal ≤ 1.2) |");
  console.log("|---|---|---|---|---|---|");
  const FLAG = POLYGON_TO_CELLS_FLAGS.containmentCenter;
  for (const [n, res] of [
    [10, 9],
    [100, 9],
    [100, 10],
    [100, 11],
    [1000, 11],
    [10_000, 9],
  ] as const) {
    const rings = [ring(n, 8.5, 47.2, 0.02, n)];
    const geojson = { type: "Polygon", coordinates: rings };
    const cells = polygonToCellsExperimental(rings, res, FLAG, true).length;
    const r = await paired(
      () => {
        const [planned] = planFeatures(readPolyfillFeatures(geojson), "geojson");
        if (!planned) throw new Error("no feature");
        // as the route: the tight bound only when the coarse one does not admit the job
        if (!coarselyWithin([planned], [res], "center", 100_000)) featureEstimate(planned, res, "center");
        return polyfill(planned.parts, res, "center");
      },
      () => polygonToCellsExperimental(rings, res, FLAG, true),
    );
    console.log(
      `| ${n.toLocaleString("en")} positions | ${res} | ${cells.toLocaleString("en")} | ${ms(r.ours)} | ${ms(r.peer)} | ${r.ratio.toFixed(2)} |`,
    );
  }
}

if (wanted("transform")) {
  console.log(
    "\n### Transform of 10,000 positions through the NADCON5 grids vs proj4js without a shift (CPU ms per call, paired rounds)\n",
  );
  console.log("| case | geo402 | proj4js | ratio (goal ≤ 1) |");
  console.log("|---|---|---|---|");
  {
    const deps = await transformDeps();
    // 10,000 NAD27 positions over Alaska (the 4-grid chain) and UTM zone 5N on the same ellipsoid
    const nad27 = alaskaPositions(10_000);
    const utm5 = proj4(
      "+proj=longlat +ellps=GRS80 +no_defs",
      "+proj=utm +zone=5 +ellps=GRS80 +units=m +no_defs",
    );
    const rows: [string, string, () => unknown][] = [
      [
        "NAD27 → NAD83(2011), 4 NADCON5 grids / proj4js UTM 5N forward",
        "EPSG:6318",
        () => nad27.map((p) => utm5.forward(p)),
      ],
      [
        "NAD27 → NAD83(2011) / UTM 5N, 4 grids + projection / proj4js UTM 5N forward",
        "EPSG:6334",
        () => nad27.map((p) => utm5.forward(p)),
      ],
    ];
    for (const [name, to, peer] of rows) {
      const r = await paired(() => runTransform({ from: "EPSG:4267", to, coordinates: nad27 }, deps), peer);
      console.log(`| ${name} | ${ms(r.ours)} | ${ms(r.peer)} | ${r.ratio.toFixed(2)} |`);
    }
  }
}
